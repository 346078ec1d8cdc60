; A chain call passing a lane-varying value (a VGPR argument) to an inreg
; (SGPR) argument of llvm.amdgcn.cs.chain: the chain call's exits are in
; uniform control flow, so no loop over the distinct values can surround
; it, and LLVM's intended lowering is a v_readfirstlane
; (llvm/llvm-project#114232, LLVM 20). llc 19 SelectionDAG refuses it
; ("illegal VGPR to SGPR copy"; its GlobalISel stops with "unable to map
; instruction"); llc 22 reads the first lane. Reached by check
; --final-code on a "gcnabi-divergent" chain function's caller
; (tests/test_final_code.py final_code_lane_varying_entries).
; verified by lit with every installed llc: passes (llc fails so) with
; 19.1.7; fails with 22.1.8 (it compiles it); llc 14-16 cannot read it
; (no amdgpu_cs_chain).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function caller{{.*}}: illegal VGPR to SGPR copy

declare amdgpu_cs_chain void @callee(i32 inreg)
declare void @llvm.amdgcn.cs.chain.p0.i32.i32.sl_s(ptr, i32, i32, {}, i32, ...)

define amdgpu_cs_chain void @caller(i32 %v) {
  call void (ptr, i32, i32, {}, i32, ...) @llvm.amdgcn.cs.chain.p0.i32.i32.sl_s(ptr @callee, i32 -1, i32 inreg %v, {} poison, i32 0)
  unreachable
}
