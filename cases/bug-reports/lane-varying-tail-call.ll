; A bug report's module, as written (issue 37): a lane-varying value
; (a VGPR argument) passed to an inreg parameter at a tail call. The ABI
; puts the inreg part in an SGPR, one value for the wave: the caller must
; make it uniform with a loop over its distinct values. llc 19 and 22's
; SelectionDAG refuse it ("illegal VGPR to SGPR copy"), llc 19's
; GlobalISel fails ("unable to map instruction"); llc 22's GlobalISel
; compiles it with `v_readfirstlane_b32 s0, v0` and jumps: every lane
; gets lane 0's value. gcnabi check --final-code reports that as a
; violation of rule lane-value:
;   build/gcnabi check --as-written --final-code --mcpu gfx900 cases/bug-reports/lane-varying-tail-call.ll
; (LLVM's own tail-call-inreg-arguments.error.ll expects the refusal.)
declare void @void_func_i32_inreg(i32 inreg)

define void @tail_divergent(i32 %vgpr) {
  tail call void @void_func_i32_inreg(i32 inreg %vgpr)
  ret void
}
