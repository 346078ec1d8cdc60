; Golden cases, shader entry points (CC_SI_SHADER / RetCC_SI_Shader): every
; type class of the split table (two arguments and a marker i32, plain and
; inreg) and the return of each as amdgpu_cs; each other entry convention
; once; the SGPR and VGPR limits (no stack: overflow is an error), mixed
; integer/float returns (separate counters), i1, and the verifier's byval/sret
; rules. Expectations beside this file were recorded from real llc by
; tests/record_golden.py; each names its command.
declare amdgpu_cs void @a00(i1, i1, i32)   ; i1
declare amdgpu_cs void @i00(i1 inreg, i1 inreg, i32)
declare amdgpu_cs i1 @r00()
declare amdgpu_cs void @a01(i8, i8, i32)   ; i8
declare amdgpu_cs void @i01(i8 inreg, i8 inreg, i32)
declare amdgpu_cs i8 @r01()
declare amdgpu_cs void @a02(i16, i16, i32)   ; i16
declare amdgpu_cs void @i02(i16 inreg, i16 inreg, i32)
declare amdgpu_cs i16 @r02()
declare amdgpu_cs void @a03(half, half, i32)   ; half
declare amdgpu_cs void @i03(half inreg, half inreg, i32)
declare amdgpu_cs half @r03()
declare amdgpu_cs void @a04(bfloat, bfloat, i32)   ; bfloat
declare amdgpu_cs void @i04(bfloat inreg, bfloat inreg, i32)
declare amdgpu_cs bfloat @r04()
declare amdgpu_cs void @a05(i24, i24, i32)   ; i24
declare amdgpu_cs void @i05(i24 inreg, i24 inreg, i32)
declare amdgpu_cs i24 @r05()
declare amdgpu_cs void @a06(i32, i32, i32)   ; i32
declare amdgpu_cs void @i06(i32 inreg, i32 inreg, i32)
declare amdgpu_cs i32 @r06()
declare amdgpu_cs void @a07(float, float, i32)   ; float
declare amdgpu_cs void @i07(float inreg, float inreg, i32)
declare amdgpu_cs float @r07()
declare amdgpu_cs void @a08(ptr addrspace(3), ptr addrspace(3), i32)   ; ptr addrspace(3)
declare amdgpu_cs void @i08(ptr addrspace(3) inreg, ptr addrspace(3) inreg, i32)
declare amdgpu_cs ptr addrspace(3) @r08()
declare amdgpu_cs void @a09(ptr addrspace(5), ptr addrspace(5), i32)   ; ptr addrspace(5)
declare amdgpu_cs void @i09(ptr addrspace(5) inreg, ptr addrspace(5) inreg, i32)
declare amdgpu_cs ptr addrspace(5) @r09()
declare amdgpu_cs void @a10(ptr addrspace(6), ptr addrspace(6), i32)   ; ptr addrspace(6)
declare amdgpu_cs void @i10(ptr addrspace(6) inreg, ptr addrspace(6) inreg, i32)
declare amdgpu_cs ptr addrspace(6) @r10()
declare amdgpu_cs void @a11(i64, i64, i32)   ; i64
declare amdgpu_cs void @i11(i64 inreg, i64 inreg, i32)
declare amdgpu_cs i64 @r11()
declare amdgpu_cs void @a12(double, double, i32)   ; double
declare amdgpu_cs void @i12(double inreg, double inreg, i32)
declare amdgpu_cs double @r12()
declare amdgpu_cs void @a13(i48, i48, i32)   ; i48
declare amdgpu_cs void @i13(i48 inreg, i48 inreg, i32)
declare amdgpu_cs i48 @r13()
declare amdgpu_cs void @a14(ptr, ptr, i32)   ; ptr
declare amdgpu_cs void @i14(ptr inreg, ptr inreg, i32)
declare amdgpu_cs ptr @r14()
declare amdgpu_cs void @a15(ptr addrspace(1), ptr addrspace(1), i32)   ; ptr addrspace(1)
declare amdgpu_cs void @i15(ptr addrspace(1) inreg, ptr addrspace(1) inreg, i32)
declare amdgpu_cs ptr addrspace(1) @r15()
declare amdgpu_cs void @a16(ptr addrspace(4), ptr addrspace(4), i32)   ; ptr addrspace(4)
declare amdgpu_cs void @i16(ptr addrspace(4) inreg, ptr addrspace(4) inreg, i32)
declare amdgpu_cs ptr addrspace(4) @r16()
declare amdgpu_cs void @a17(i96, i96, i32)   ; i96
declare amdgpu_cs void @i17(i96 inreg, i96 inreg, i32)
declare amdgpu_cs i96 @r17()
declare amdgpu_cs void @a18(<3 x i32>, <3 x i32>, i32)   ; <3 x i32>
declare amdgpu_cs void @i18(<3 x i32> inreg, <3 x i32> inreg, i32)
declare amdgpu_cs <3 x i32> @r18()
declare amdgpu_cs void @a19(<3 x float>, <3 x float>, i32)   ; <3 x float>
declare amdgpu_cs void @i19(<3 x float> inreg, <3 x float> inreg, i32)
declare amdgpu_cs <3 x float> @r19()
declare amdgpu_cs void @a20(i128, i128, i32)   ; i128
declare amdgpu_cs void @i20(i128 inreg, i128 inreg, i32)
declare amdgpu_cs i128 @r20()
declare amdgpu_cs void @a21(<4 x float>, <4 x float>, i32)   ; <4 x float>
declare amdgpu_cs void @i21(<4 x float> inreg, <4 x float> inreg, i32)
declare amdgpu_cs <4 x float> @r21()
declare amdgpu_cs void @a22(<2 x i64>, <2 x i64>, i32)   ; <2 x i64>
declare amdgpu_cs void @i22(<2 x i64> inreg, <2 x i64> inreg, i32)
declare amdgpu_cs <2 x i64> @r22()
declare amdgpu_cs void @a23(<2 x double>, <2 x double>, i32)   ; <2 x double>
declare amdgpu_cs void @i23(<2 x double> inreg, <2 x double> inreg, i32)
declare amdgpu_cs <2 x double> @r23()
declare amdgpu_cs void @a24(<2 x ptr addrspace(1)>, <2 x ptr addrspace(1)>, i32)   ; <2 x ptr addrspace(1)>
declare amdgpu_cs void @i24(<2 x ptr addrspace(1)> inreg, <2 x ptr addrspace(1)> inreg, i32)
declare amdgpu_cs <2 x ptr addrspace(1)> @r24()
declare amdgpu_cs void @a25(<2 x half>, <2 x half>, i32)   ; <2 x half>
declare amdgpu_cs void @i25(<2 x half> inreg, <2 x half> inreg, i32)
declare amdgpu_cs <2 x half> @r25()
declare amdgpu_cs void @a26(<2 x i16>, <2 x i16>, i32)   ; <2 x i16>
declare amdgpu_cs void @i26(<2 x i16> inreg, <2 x i16> inreg, i32)
declare amdgpu_cs <2 x i16> @r26()
declare amdgpu_cs void @a27(<2 x bfloat>, <2 x bfloat>, i32)   ; <2 x bfloat>
declare amdgpu_cs void @i27(<2 x bfloat> inreg, <2 x bfloat> inreg, i32)
declare amdgpu_cs <2 x bfloat> @r27()
declare amdgpu_cs void @a28(<3 x half>, <3 x half>, i32)   ; <3 x half>
declare amdgpu_cs void @i28(<3 x half> inreg, <3 x half> inreg, i32)
declare amdgpu_cs <3 x half> @r28()
declare amdgpu_cs void @a29(<4 x i16>, <4 x i16>, i32)   ; <4 x i16>
declare amdgpu_cs void @i29(<4 x i16> inreg, <4 x i16> inreg, i32)
declare amdgpu_cs <4 x i16> @r29()
declare amdgpu_cs void @a30(<2 x i8>, <2 x i8>, i32)   ; <2 x i8>
declare amdgpu_cs void @i30(<2 x i8> inreg, <2 x i8> inreg, i32)
declare amdgpu_cs <2 x i8> @r30()
declare amdgpu_cs void @a31(<3 x i8>, <3 x i8>, i32)   ; <3 x i8>
declare amdgpu_cs void @i31(<3 x i8> inreg, <3 x i8> inreg, i32)
declare amdgpu_cs <3 x i8> @r31()
declare amdgpu_cs void @a32(<4 x i8>, <4 x i8>, i32)   ; <4 x i8>
declare amdgpu_cs void @i32(<4 x i8> inreg, <4 x i8> inreg, i32)
declare amdgpu_cs <4 x i8> @r32()
declare amdgpu_cs void @a33(<8 x i32>, <8 x i32>, i32)   ; <8 x i32>
declare amdgpu_cs void @i33(<8 x i32> inreg, <8 x i32> inreg, i32)
declare amdgpu_cs <8 x i32> @r33()
declare amdgpu_cs void @a34(<16 x float>, <16 x float>, i32)   ; <16 x float>
declare amdgpu_cs void @i34(<16 x float> inreg, <16 x float> inreg, i32)
declare amdgpu_cs <16 x float> @r34()
declare amdgpu_cs void @a35(<32 x i32>, <32 x i32>, i32)   ; <32 x i32>
declare amdgpu_cs void @i35(<32 x i32> inreg, <32 x i32> inreg, i32)
declare amdgpu_cs <32 x i32> @r35()
declare amdgpu_cs void @a36([3 x i16], [3 x i16], i32)   ; [3 x i16]
declare amdgpu_cs void @i36([3 x i16] inreg, [3 x i16] inreg, i32)
declare amdgpu_cs [3 x i16] @r36()
declare amdgpu_cs void @a37({ i8, i32 }, { i8, i32 }, i32)   ; { i8, i32 }
declare amdgpu_cs void @i37({ i8, i32 } inreg, { i8, i32 } inreg, i32)
declare amdgpu_cs { i8, i32 } @r37()
declare amdgpu_cs void @a38({ i16, i16 }, { i16, i16 }, i32)   ; { i16, i16 }
declare amdgpu_cs void @i38({ i16, i16 } inreg, { i16, i16 } inreg, i32)
declare amdgpu_cs { i16, i16 } @r38()
declare amdgpu_cs void @a39({ i64, i8 }, { i64, i8 }, i32)   ; { i64, i8 }
declare amdgpu_cs void @i39({ i64, i8 } inreg, { i64, i8 } inreg, i32)
declare amdgpu_cs { i64, i8 } @r39()
declare amdgpu_cs void @a40({ half, <2 x half> }, { half, <2 x half> }, i32)   ; { half, <2 x half> }
declare amdgpu_cs void @i40({ half, <2 x half> } inreg, { half, <2 x half> } inreg, i32)
declare amdgpu_cs { half, <2 x half> } @r40()
declare amdgpu_cs void @a41([2 x half], [2 x half], i32)   ; [2 x half]
declare amdgpu_cs void @i41([2 x half] inreg, [2 x half] inreg, i32)
declare amdgpu_cs [2 x half] @r41()
declare amdgpu_cs void @a42(ptr addrspace(7), ptr addrspace(7), i32)   ; ptr addrspace(7)
declare amdgpu_cs void @i42(ptr addrspace(7) inreg, ptr addrspace(7) inreg, i32)
declare amdgpu_cs ptr addrspace(7) @r42()
declare amdgpu_cs void @a43(ptr addrspace(8), ptr addrspace(8), i32)   ; ptr addrspace(8)
declare amdgpu_cs void @i43(ptr addrspace(8) inreg, ptr addrspace(8) inreg, i32)
declare amdgpu_cs ptr addrspace(8) @r43()
declare amdgpu_cs void @a44(<2 x i1>, <2 x i1>, i32)   ; <2 x i1>
declare amdgpu_cs void @i44(<2 x i1> inreg, <2 x i1> inreg, i32)
declare amdgpu_cs <2 x i1> @r44()
declare amdgpu_cs void @a45(<2 x ptr addrspace(3)>, <2 x ptr addrspace(3)>, i32)   ; <2 x ptr addrspace(3)>
declare amdgpu_cs void @i45(<2 x ptr addrspace(3)> inreg, <2 x ptr addrspace(3)> inreg, i32)
declare amdgpu_cs <2 x ptr addrspace(3)> @r45()
declare amdgpu_cs void @a46([2 x i64], [2 x i64], i32)   ; [2 x i64]
declare amdgpu_cs void @i46([2 x i64] inreg, [2 x i64] inreg, i32)
declare amdgpu_cs [2 x i64] @r46()
declare amdgpu_ps { float, i32 } @c00(i32 inreg, float, <2 x float>, i64 inreg, double)
declare amdgpu_vs { float, i32 } @c01(i32 inreg, float, <2 x float>, i64 inreg, double)
declare amdgpu_gs { float, i32 } @c02(i32 inreg, float, <2 x float>, i64 inreg, double)
declare amdgpu_hs { float, i32 } @c03(i32 inreg, float, <2 x float>, i64 inreg, double)
declare amdgpu_es { float, i32 } @c04(i32 inreg, float, <2 x float>, i64 inreg, double)
declare amdgpu_ls { float, i32 } @c05(i32 inreg, float, <2 x float>, i64 inreg, double)
declare amdgpu_cs void @s00(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32)   ; 44 SGPRs: the last user SGPR
declare amdgpu_cs void @s01(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32)   ; 45: unable to allocate
declare amdgpu_cs void @s02(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i64 inreg)   ; a split value across the limit
declare amdgpu_cs void @s03(<128 x i32>, <8 x float>, i32 inreg)   ; 136 VGPRs
declare amdgpu_cs void @s04(<128 x i32>, <8 x float>, float)   ; 137: unable to allocate
declare amdgpu_cs [44 x i32] @d00()   ; return limits
declare amdgpu_cs [45 x i32] @d01()
declare amdgpu_cs <136 x float> @d02()
declare amdgpu_cs <137 x float> @d03()
declare amdgpu_cs { [44 x i32], <136 x float> } @d04()
declare amdgpu_cs { float, i32, half, i16, double, <2 x half>, <2 x i16> } @d05()   ; separate counters
declare amdgpu_cs signext i1 @e00(i8 signext, i16 zeroext, i1 zeroext)
declare amdgpu_cs zeroext i16 @e01(i1 inreg)
declare amdgpu_cs void @v00(ptr addrspace(5) byval(i32))   ; verifier: no byval on cs/ps/vs/gs/hs
declare amdgpu_ps void @v01(ptr addrspace(5) sret({ i32, i32 }), i32)
declare amdgpu_vs void @v02(ptr addrspace(5) byref(i32))
declare amdgpu_hs void @v03(ptr addrspace(4) byref(i32), i32)
declare amdgpu_es void @v04(ptr addrspace(5) byval(i32), ptr addrspace(5) sret(i32), i32)   ; es/ls are not on the verifier's list
declare amdgpu_ps void @p00(i32 inreg, float, float, <2 x float>, float) "gcnabi-unused"="1,3"   ; unused PS inputs get no registers
declare amdgpu_ps void @p01(float, float, float, float, float, float, float, float) "gcnabi-unused"="0,1,2,3,4,5,6"   ; no interpolation input: slot 0 forced, v0-v1 taken
declare amdgpu_ps void @p02(i32 inreg, i64 inreg)   ; no input slots at all
declare amdgpu_ps void @p03(float, <2 x float>, i32) "gcnabi-unused"="0,1,2"
declare amdgpu_ps void @p04(float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float) "gcnabi-unused"="15,16,17"   ; slots end at 15
declare amdgpu_ps void @p05(float, float, float, float, float, float, float, float, float, float, float, float) "gcnabi-unused"="0,1,2,3,4,5,6,7,8,9,10"   ; POS_W_FLOAT alone
declare amdgpu_ps void @p06(float, float inreg, float, float) "gcnabi-unused"="1,2"   ; inreg is no input slot
declare amdgpu_cs void @p07(float, float, i32 inreg, float) "gcnabi-unused"="0,2"   ; other entry points allocate unused arguments
