declare void @a24(<2 x ptr addrspace(1)>, <2 x ptr addrspace(1)>, i32)   ; <2 x ptr addrspace(1)>
declare void @i24(<2 x ptr addrspace(1)> inreg, <2 x ptr addrspace(1)> inreg, i32)
declare <2 x ptr addrspace(1)> @r24()
declare void @a25(<2 x half>, <2 x half>, i32)   ; <2 x half>
declare void @i25(<2 x half> inreg, <2 x half> inreg, i32)
declare <2 x half> @r25()
declare void @a26(<2 x i16>, <2 x i16>, i32)   ; <2 x i16>
declare void @i26(<2 x i16> inreg, <2 x i16> inreg, i32)
declare <2 x i16> @r26()
declare void @a27(<2 x bfloat>, <2 x bfloat>, i32)   ; <2 x bfloat>
declare void @i27(<2 x bfloat> inreg, <2 x bfloat> inreg, i32)
declare <2 x bfloat> @r27()
