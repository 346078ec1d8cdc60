declare void @a36([3 x i16], [3 x i16], i32)   ; [3 x i16]
declare void @i36([3 x i16] inreg, [3 x i16] inreg, i32)
declare [3 x i16] @r36()
declare void @a37({ i8, i32 }, { i8, i32 }, i32)   ; { i8, i32 }
declare void @i37({ i8, i32 } inreg, { i8, i32 } inreg, i32)
declare { i8, i32 } @r37()
declare void @a38({ i16, i16 }, { i16, i16 }, i32)   ; { i16, i16 }
declare void @i38({ i16, i16 } inreg, { i16, i16 } inreg, i32)
declare { i16, i16 } @r38()
declare void @a39({ i64, i8 }, { i64, i8 }, i32)   ; { i64, i8 }
declare void @i39({ i64, i8 } inreg, { i64, i8 } inreg, i32)
declare { i64, i8 } @r39()
