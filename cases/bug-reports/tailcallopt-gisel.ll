; A bug report's module, as written (issue 37): a fastcc tail call under
; -tailcallopt. Every GlobalISel llc 14-22 crashes on it (SIGSEGV in the
; MIR printer or in register usage analysis; llvm/llvm-project#216260,
; merged after 22.1.8); SelectionDAG compiles it. Without the option
; every llc compiles it. The option travels with the module:
;   build/gcnabi check --as-written --final-code --mcpu gfx900 cases/bug-reports/tailcallopt-gisel.ll
; The same from the signature language: tailcallopt-gisel.sig.ll.
; gcnabi-llc-options: -tailcallopt
define fastcc i32 @callee(i32 %x) noinline {
  %y = add i32 %x, 8
  ret i32 %y
}

define fastcc i32 @caller(i32 %x) {
  %c = tail call fastcc i32 @callee(i32 %x)
  ret i32 %c
}
