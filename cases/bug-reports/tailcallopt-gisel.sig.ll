; tailcallopt-gisel.ll in the signature language: a call graph whose one
; call is a tail call ("gcnabi-tail"), under -tailcallopt.
; gcnabi-llc-options: -tailcallopt
declare fastcc void @caller(i32)
declare fastcc void @callee(i32) "gcnabi-tail"
call @caller -> @callee
