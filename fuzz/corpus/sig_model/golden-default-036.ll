declare void @a12(double, double, i32)   ; double
declare void @i12(double inreg, double inreg, i32)
declare double @r12()
declare void @a13(i48, i48, i32)   ; i48
declare void @i13(i48 inreg, i48 inreg, i32)
declare i48 @r13()
declare void @a14(ptr, ptr, i32)   ; ptr
declare void @i14(ptr inreg, ptr inreg, i32)
declare ptr @r14()
declare void @a15(ptr addrspace(1), ptr addrspace(1), i32)   ; ptr addrspace(1)
declare void @i15(ptr addrspace(1) inreg, ptr addrspace(1) inreg, i32)
declare ptr addrspace(1) @r15()
