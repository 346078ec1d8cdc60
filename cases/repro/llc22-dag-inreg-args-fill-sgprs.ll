; A function that passes its own 16 inreg i32 arguments on to a call:
; they fill the SGPRs the call needs for itself, and SelectionDAG fails
; after isel: llc 19 "LLVM ERROR: failed to find free scratch register"
; (llvm/llvm-project#113782), llc 22 "illegal VGPR to SGPR copy" (its
; follow-up, llvm/llvm-project#130443, open; the reproducer is that
; issue's). Found by the nightly's options suite (seed 20261209: a fastcc
; graph of "gcnabi-forward" functions, failing in its final code with and
; without -tailcallopt and with the lane-varying values made uniform).
; This file is llc 22's; llc19-dag-inreg-args-fill-sgprs.ll is llc 19's
; (an abort there: `not --crash`).
; verified by lit with every installed llc: passes (llc fails so) with
; 22.1.8; fails with 19.1.7 (it aborts) and with 14.0.6, 15.0.6 and
; 16.0.6, which compile it (the default convention's inreg in VGPRs).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: illegal VGPR to SGPR copy

declare hidden void @external_void_func_a15i32_inreg([16 x i32] inreg)

define void @test_call_external_void_func_a15i32_inreg([16 x i32] inreg %arg0) {
  call void @external_void_func_a15i32_inreg([16 x i32] inreg %arg0)
  ret void
}
