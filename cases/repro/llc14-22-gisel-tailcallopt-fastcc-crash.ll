; GlobalISel with -tailcallopt: a fastcc tail call, which the option
; requires to be made, crashes every llc 14-22 (SIGSEGV; compiled to
; assembly, in 'Register Usage Information Propagation'; gcnabi check's
; MIR pass of larger modules, in 'MIR Printing Pass'; with
; -enable-ipra=0, in 'Peephole Optimizations': llvm/llvm-project#216260,
; merged after 22.1.8). SelectionDAG refuses the required tail call
; ("unsupported required tail call to function callee"), as LLVM's
; unsupported-calls.ll expects.
; Reached by the generator: fastcc call graphs of the options suite with
; pct_tailcallopt (7 December 2026: seed 11, cases/weights/bodies.weights
; plus pct_tailcallopt = 100 and only cc_fastcc: 10 of 20 graphs crash
; llc 19 GlobalISel, 6 llc 22's).
; CHECK lines: none; llc compiles the module.
; verified by lit with every installed llc: FAILS with llc 14.0.6, 15.0.6,
; 16.0.6, 19.1.7 and 22.1.8 (each killed by SIGSEGV); without -global-isel
; each refuses the tail call (exit 1).
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel -tailcallopt -verify-machineinstrs %s -o /dev/null
define fastcc i32 @callee(i32 %x) noinline {
  %y = add i32 %x, 8
  ret i32 %y
}

define fastcc i32 @caller(i32 %x) {
  %c = tail call fastcc i32 @callee(i32 %x)
  ret i32 %c
}
