declare void @a04(bfloat, bfloat, i32)   ; bfloat
declare void @i04(bfloat inreg, bfloat inreg, i32)
declare bfloat @r04()
declare void @a05(i24, i24, i32)   ; i24
declare void @i05(i24 inreg, i24 inreg, i32)
declare i24 @r05()
declare void @a06(i32, i32, i32)   ; i32
declare void @i06(i32 inreg, i32 inreg, i32)
declare i32 @r06()
declare void @a07(float, float, i32)   ; float
declare void @i07(float inreg, float inreg, i32)
declare float @r07()
