declare void @a00(i1, i1, i32)   ; i1
declare void @i00(i1 inreg, i1 inreg, i32)
declare i1 @r00()
declare void @a01(i8, i8, i32)   ; i8
declare void @i01(i8 inreg, i8 inreg, i32)
declare i8 @r01()
declare void @a02(i16, i16, i32)   ; i16
declare void @i02(i16 inreg, i16 inreg, i32)
declare i16 @r02()
declare void @a03(half, half, i32)   ; half
declare void @i03(half inreg, half inreg, i32)
declare half @r03()
