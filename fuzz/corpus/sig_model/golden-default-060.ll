declare void @a20(i128, i128, i32)   ; i128
declare void @i20(i128 inreg, i128 inreg, i32)
declare i128 @r20()
declare void @a21(<4 x float>, <4 x float>, i32)   ; <4 x float>
declare void @i21(<4 x float> inreg, <4 x float> inreg, i32)
declare <4 x float> @r21()
declare void @a22(<2 x i64>, <2 x i64>, i32)   ; <2 x i64>
declare void @i22(<2 x i64> inreg, <2 x i64> inreg, i32)
declare <2 x i64> @r22()
declare void @a23(<2 x double>, <2 x double>, i32)   ; <2 x double>
declare void @i23(<2 x double> inreg, <2 x double> inreg, i32)
declare <2 x double> @r23()
