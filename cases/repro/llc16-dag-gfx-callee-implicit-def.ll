; Reproducer model-vs-llc-83754fb511 (model-vs-llc, llc 16.0.6, -mcpu=gfx1030, SelectionDAG): argument 1: model has 1 parts, llc 0
; Signature: a call graph of 2 function(s), 3 line(s), reduced from 3
; From the call graph: declare amdgpu_gfx void @g4.n0(i32 inreg, i32 inreg)
; From the call graph: declare amdgpu_gfx half @g4.n4(i56 inreg)
; From the call graph: call @g4.n0 -> * @g4.n4
; CHECK lines: the callee reads its arguments where the ABI (gcnabi's model of this llc) places them.
; verified by lit with every installed llc, as the model predicts: lit FAILS with llc 16.0.6 (the llc checked); PASSES with llc 19.1.7, llc 22.1.8, llc 14.0.6, llc 15.0.6
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -stop-after=finalize-isel %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}name: g4.n0{{$}}
; CHECK-DAG: = COPY $sgpr4{{$}}
; CHECK-DAG: = COPY $sgpr5{{$}}
; CHECK-LABEL: {{^[.][.][.]$}}

@abi.0.in.0 = addrspace(1) global i32 zeroinitializer
@abi.0.out.0 = external addrspace(4) global i32, align 16
@abi.0.in.1 = addrspace(1) global i32 zeroinitializer
@abi.0.out.1 = external addrspace(4) global i32, align 16

@abi.1.in.0 = addrspace(1) global i56 zeroinitializer
@abi.1.out.0 = external addrspace(4) global i56, align 16
@abi.1.ret = addrspace(1) global half zeroinitializer
@abi.1.res = addrspace(1) global half zeroinitializer
@abi.1.fptr = addrspace(1) global half (i56)* @g4.n4

define amdgpu_gfx void @g4.n0(i32 inreg, i32 inreg) {
  store volatile i32 %0, i32 addrspace(1)* @abi.0.in.0
  store volatile i32 %1, i32 addrspace(1)* @abi.0.in.1
  %abi.c0.o0 = load i56, i56 addrspace(4)* @abi.1.out.0, align 16
  %abi.c0.fp = load volatile half (i56)*, half (i56)* addrspace(1)* @abi.1.fptr
  %abi.c0.r = call amdgpu_gfx half %abi.c0.fp(i56 inreg %abi.c0.o0)
  store volatile half %abi.c0.r, half addrspace(1)* @abi.1.res
  ret void
}

define amdgpu_gfx half @g4.n4(i56 inreg) {
  store volatile i56 %0, i56 addrspace(1)* @abi.1.in.0
  %abi.r = load volatile half, half addrspace(1)* @abi.1.ret
  ret half %abi.r
}
