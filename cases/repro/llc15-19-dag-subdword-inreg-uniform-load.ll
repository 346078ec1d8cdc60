; A uniform 16-bit value loaded from constant memory at an offset a
; scalar load cannot take (here 6: the emitter's out-markers are aligned,
; but an aggregate's field need not be), so llc loads it into a VGPR, then
; passed inreg to an amdgpu_gfx call: llc 15, 16 ("illegal SGPR to VGPR
; copy") and 19 ("illegal VGPR to SGPR copy") SelectionDAG refuse the
; module after isel; llc 22 inserts a v_readfirstlane (the value is
; uniform: right). The class docs/design.md names for sub-dword inreg
; loads, reached in the final code by the bodies suite (seed 20261211, an
; amdgpu_gfx call through a pointer with a [4 x half] inreg argument);
; reduced with llvm-reduce 19, its operand-to-argument passes skipped (they
; make the value a VGPR argument, lane-varying).
; verified by lit with every installed llc: passes (llc fails so) with
; 15.0.6, 16.0.6 and 19.1.7; fails with 22.1.8 (it compiles it); llc 14
; cannot read it (opaque pointers).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function g0.n0{{.*}}: illegal {{VGPR to SGPR|SGPR to VGPR}} copy

define amdgpu_gfx half @g0.n0() {
  %h = load half, ptr addrspace(4) inttoptr (i64 6 to ptr addrspace(4)), align 2
  %a = insertvalue [4 x half] zeroinitializer, half %h, 3
  %fp = load ptr, ptr addrspace(1) null, align 8
  %r = call amdgpu_gfx double %fp(half 0xH0000, [4 x half] inreg %a, float 0.000000e+00, i115 0, i8 0, half 0xH0000, <8 x i32> zeroinitializer, <16 x half> zeroinitializer, float 0.000000e+00, <3 x half> zeroinitializer, <8 x i32> zeroinitializer, { double } zeroinitializer, ptr addrspace(5) null, <3 x ptr addrspace(1)> zeroinitializer, i16 0, float 0.000000e+00, float 0.000000e+00, i8 0, ptr addrspace(3) null, [5 x <32 x double>] zeroinitializer, float 0.000000e+00, ptr addrspace(5) null, <{ [3 x <3 x float>], i64, <4 x half> }> zeroinitializer)
  ret half 0xH0000
}
