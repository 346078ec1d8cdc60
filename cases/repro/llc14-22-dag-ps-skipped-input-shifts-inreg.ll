; Reproducer (model-vs-llc, llc 14.0.6 to 22.1.8, -mcpu=gfx1030, SelectionDAG): callee: argument moved sgpr->vgpr
; Signature: declare amdgpu_ps void @f(i32, [16 x i32], i32 inreg) "gcnabi-unused"="1"
; CHECK lines: the pixel shader reads its inreg argument from s0, where the
; ABI (and GlobalISel) puts it. SelectionDAG reads it from v1: the unused
; [16 x i32] takes PS input slots 1-15 and its 16th part, past the slots, a
; VGPR of its own, which is then skipped with the rest of the argument, so
; the inreg argument takes that part's location.
; Seed 20261234's @f3 (sig-shaders-000), minimized by hand from the
; harness's reduction; verified by lit with every installed llc: FAILS
; with 14.0.6, 15.0.6, 16.0.6, 19.1.7 and 22.1.8.
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -stop-after=finalize-isel %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}name: f{{$}}
; CHECK-DAG: = COPY $vgpr0{{$}}
; CHECK-DAG: = COPY $sgpr0{{$}}
; CHECK-LABEL: {{^[.][.][.]$}}

define amdgpu_ps void @f(i32 %0, [16 x i32] %1, i32 inreg %2) {
  store volatile i32 %0, i32 addrspace(1)* null, align 4
  store volatile i32 %2, i32 addrspace(1)* null, align 4
  ret void
}
