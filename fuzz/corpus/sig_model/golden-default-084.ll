declare void @a28(<3 x half>, <3 x half>, i32)   ; <3 x half>
declare void @i28(<3 x half> inreg, <3 x half> inreg, i32)
declare <3 x half> @r28()
declare void @a29(<4 x i16>, <4 x i16>, i32)   ; <4 x i16>
declare void @i29(<4 x i16> inreg, <4 x i16> inreg, i32)
declare <4 x i16> @r29()
declare void @a30(<2 x i8>, <2 x i8>, i32)   ; <2 x i8>
declare void @i30(<2 x i8> inreg, <2 x i8> inreg, i32)
declare <2 x i8> @r30()
declare void @a31(<3 x i8>, <3 x i8>, i32)   ; <3 x i8>
declare void @i31(<3 x i8> inreg, <3 x i8> inreg, i32)
declare <3 x i8> @r31()
