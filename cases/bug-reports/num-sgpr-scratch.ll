; A bug report's module, as written (issue 37): "amdgpu-num-sgpr"="16"
; on a function that passes its eight inreg SGPR arguments on to a call.
; llc 16-22 stop with "LLVM ERROR: failed to find free scratch register"
; after instruction selection (the final code only; llc 19 and 22 with
; -verify-machineinstrs: "Live segment doesn't end at a valid
; instruction" first). Without the attribute every llc compiles it. The
; attribute is one gcnabi keeps as written (not read by the model):
;   build/gcnabi check --as-written --final-code --mcpu gfx900 cases/bug-reports/num-sgpr-scratch.ll
; The same from the signature language: num-sgpr-scratch.sig.ll.
declare void @ext(<8 x i32> inreg)

define void @f(<8 x i32> inreg %a) #0 {
  call void @ext(<8 x i32> inreg %a)
  ret void
}

attributes #0 = { "amdgpu-num-sgpr"="16" }
