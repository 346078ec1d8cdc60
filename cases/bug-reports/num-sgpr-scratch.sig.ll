; num-sgpr-scratch.ll in the signature language: @f keeps the attribute
; as written and calls @g with eight inreg SGPR arguments. llc 19 and 22
; fail on its final code as on the module; llc 16 compiles gcnabi's module.
declare void @f(<8 x i32> inreg) "amdgpu-num-sgpr"="16"
declare void @g(<8 x i32> inreg)
call @f -> @g
