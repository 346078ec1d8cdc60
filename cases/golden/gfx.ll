; Golden cases, gfx convention: every type class of the split table (two
; arguments and a marker i32, plain and inreg), returns of each, stack overflow,
; byval, sret demotion and the amdgpu-no-* holes. Expectations beside this file
; were recorded from real llc by tests/record_golden.py; each names its command.
declare amdgpu_gfx void @a00(i1, i1, i32)   ; i1
declare amdgpu_gfx void @i00(i1 inreg, i1 inreg, i32)
declare amdgpu_gfx i1 @r00()
declare amdgpu_gfx void @a01(i8, i8, i32)   ; i8
declare amdgpu_gfx void @i01(i8 inreg, i8 inreg, i32)
declare amdgpu_gfx i8 @r01()
declare amdgpu_gfx void @a02(i16, i16, i32)   ; i16
declare amdgpu_gfx void @i02(i16 inreg, i16 inreg, i32)
declare amdgpu_gfx i16 @r02()
declare amdgpu_gfx void @a03(half, half, i32)   ; half
declare amdgpu_gfx void @i03(half inreg, half inreg, i32)
declare amdgpu_gfx half @r03()
declare amdgpu_gfx void @a04(bfloat, bfloat, i32)   ; bfloat
declare amdgpu_gfx void @i04(bfloat inreg, bfloat inreg, i32)
declare amdgpu_gfx bfloat @r04()
declare amdgpu_gfx void @a05(i24, i24, i32)   ; i24
declare amdgpu_gfx void @i05(i24 inreg, i24 inreg, i32)
declare amdgpu_gfx i24 @r05()
declare amdgpu_gfx void @a06(i32, i32, i32)   ; i32
declare amdgpu_gfx void @i06(i32 inreg, i32 inreg, i32)
declare amdgpu_gfx i32 @r06()
declare amdgpu_gfx void @a07(float, float, i32)   ; float
declare amdgpu_gfx void @i07(float inreg, float inreg, i32)
declare amdgpu_gfx float @r07()
declare amdgpu_gfx void @a08(ptr addrspace(3), ptr addrspace(3), i32)   ; ptr addrspace(3)
declare amdgpu_gfx void @i08(ptr addrspace(3) inreg, ptr addrspace(3) inreg, i32)
declare amdgpu_gfx ptr addrspace(3) @r08()
declare amdgpu_gfx void @a09(ptr addrspace(5), ptr addrspace(5), i32)   ; ptr addrspace(5)
declare amdgpu_gfx void @i09(ptr addrspace(5) inreg, ptr addrspace(5) inreg, i32)
declare amdgpu_gfx ptr addrspace(5) @r09()
declare amdgpu_gfx void @a10(ptr addrspace(6), ptr addrspace(6), i32)   ; ptr addrspace(6)
declare amdgpu_gfx void @i10(ptr addrspace(6) inreg, ptr addrspace(6) inreg, i32)
declare amdgpu_gfx ptr addrspace(6) @r10()
declare amdgpu_gfx void @a11(i64, i64, i32)   ; i64
declare amdgpu_gfx void @i11(i64 inreg, i64 inreg, i32)
declare amdgpu_gfx i64 @r11()
declare amdgpu_gfx void @a12(double, double, i32)   ; double
declare amdgpu_gfx void @i12(double inreg, double inreg, i32)
declare amdgpu_gfx double @r12()
declare amdgpu_gfx void @a13(i48, i48, i32)   ; i48
declare amdgpu_gfx void @i13(i48 inreg, i48 inreg, i32)
declare amdgpu_gfx i48 @r13()
declare amdgpu_gfx void @a14(ptr, ptr, i32)   ; ptr
declare amdgpu_gfx void @i14(ptr inreg, ptr inreg, i32)
declare amdgpu_gfx ptr @r14()
declare amdgpu_gfx void @a15(ptr addrspace(1), ptr addrspace(1), i32)   ; ptr addrspace(1)
declare amdgpu_gfx void @i15(ptr addrspace(1) inreg, ptr addrspace(1) inreg, i32)
declare amdgpu_gfx ptr addrspace(1) @r15()
declare amdgpu_gfx void @a16(ptr addrspace(4), ptr addrspace(4), i32)   ; ptr addrspace(4)
declare amdgpu_gfx void @i16(ptr addrspace(4) inreg, ptr addrspace(4) inreg, i32)
declare amdgpu_gfx ptr addrspace(4) @r16()
declare amdgpu_gfx void @a17(i96, i96, i32)   ; i96
declare amdgpu_gfx void @i17(i96 inreg, i96 inreg, i32)
declare amdgpu_gfx i96 @r17()
declare amdgpu_gfx void @a18(<3 x i32>, <3 x i32>, i32)   ; <3 x i32>
declare amdgpu_gfx void @i18(<3 x i32> inreg, <3 x i32> inreg, i32)
declare amdgpu_gfx <3 x i32> @r18()
declare amdgpu_gfx void @a19(<3 x float>, <3 x float>, i32)   ; <3 x float>
declare amdgpu_gfx void @i19(<3 x float> inreg, <3 x float> inreg, i32)
declare amdgpu_gfx <3 x float> @r19()
declare amdgpu_gfx void @a20(i128, i128, i32)   ; i128
declare amdgpu_gfx void @i20(i128 inreg, i128 inreg, i32)
declare amdgpu_gfx i128 @r20()
declare amdgpu_gfx void @a21(<4 x float>, <4 x float>, i32)   ; <4 x float>
declare amdgpu_gfx void @i21(<4 x float> inreg, <4 x float> inreg, i32)
declare amdgpu_gfx <4 x float> @r21()
declare amdgpu_gfx void @a22(<2 x i64>, <2 x i64>, i32)   ; <2 x i64>
declare amdgpu_gfx void @i22(<2 x i64> inreg, <2 x i64> inreg, i32)
declare amdgpu_gfx <2 x i64> @r22()
declare amdgpu_gfx void @a23(<2 x double>, <2 x double>, i32)   ; <2 x double>
declare amdgpu_gfx void @i23(<2 x double> inreg, <2 x double> inreg, i32)
declare amdgpu_gfx <2 x double> @r23()
declare amdgpu_gfx void @a24(<2 x ptr addrspace(1)>, <2 x ptr addrspace(1)>, i32)   ; <2 x ptr addrspace(1)>
declare amdgpu_gfx void @i24(<2 x ptr addrspace(1)> inreg, <2 x ptr addrspace(1)> inreg, i32)
declare amdgpu_gfx <2 x ptr addrspace(1)> @r24()
declare amdgpu_gfx void @a25(<2 x half>, <2 x half>, i32)   ; <2 x half>
declare amdgpu_gfx void @i25(<2 x half> inreg, <2 x half> inreg, i32)
declare amdgpu_gfx <2 x half> @r25()
declare amdgpu_gfx void @a26(<2 x i16>, <2 x i16>, i32)   ; <2 x i16>
declare amdgpu_gfx void @i26(<2 x i16> inreg, <2 x i16> inreg, i32)
declare amdgpu_gfx <2 x i16> @r26()
declare amdgpu_gfx void @a27(<2 x bfloat>, <2 x bfloat>, i32)   ; <2 x bfloat>
declare amdgpu_gfx void @i27(<2 x bfloat> inreg, <2 x bfloat> inreg, i32)
declare amdgpu_gfx <2 x bfloat> @r27()
declare amdgpu_gfx void @a28(<3 x half>, <3 x half>, i32)   ; <3 x half>
declare amdgpu_gfx void @i28(<3 x half> inreg, <3 x half> inreg, i32)
declare amdgpu_gfx <3 x half> @r28()
declare amdgpu_gfx void @a29(<4 x i16>, <4 x i16>, i32)   ; <4 x i16>
declare amdgpu_gfx void @i29(<4 x i16> inreg, <4 x i16> inreg, i32)
declare amdgpu_gfx <4 x i16> @r29()
declare amdgpu_gfx void @a30(<2 x i8>, <2 x i8>, i32)   ; <2 x i8>
declare amdgpu_gfx void @i30(<2 x i8> inreg, <2 x i8> inreg, i32)
declare amdgpu_gfx <2 x i8> @r30()
declare amdgpu_gfx void @a31(<3 x i8>, <3 x i8>, i32)   ; <3 x i8>
declare amdgpu_gfx void @i31(<3 x i8> inreg, <3 x i8> inreg, i32)
declare amdgpu_gfx <3 x i8> @r31()
declare amdgpu_gfx void @a32(<4 x i8>, <4 x i8>, i32)   ; <4 x i8>
declare amdgpu_gfx void @i32(<4 x i8> inreg, <4 x i8> inreg, i32)
declare amdgpu_gfx <4 x i8> @r32()
declare amdgpu_gfx void @a33(<8 x i32>, <8 x i32>, i32)   ; <8 x i32>
declare amdgpu_gfx void @i33(<8 x i32> inreg, <8 x i32> inreg, i32)
declare amdgpu_gfx <8 x i32> @r33()
declare amdgpu_gfx void @a34(<16 x float>, <16 x float>, i32)   ; <16 x float>
declare amdgpu_gfx void @i34(<16 x float> inreg, <16 x float> inreg, i32)
declare amdgpu_gfx <16 x float> @r34()
declare amdgpu_gfx void @a35(<32 x i32>, <32 x i32>, i32)   ; <32 x i32>
declare amdgpu_gfx void @i35(<32 x i32> inreg, <32 x i32> inreg, i32)
declare amdgpu_gfx <32 x i32> @r35()
declare amdgpu_gfx void @a36([3 x i16], [3 x i16], i32)   ; [3 x i16]
declare amdgpu_gfx void @i36([3 x i16] inreg, [3 x i16] inreg, i32)
declare amdgpu_gfx [3 x i16] @r36()
declare amdgpu_gfx void @a37({ i8, i32 }, { i8, i32 }, i32)   ; { i8, i32 }
declare amdgpu_gfx void @i37({ i8, i32 } inreg, { i8, i32 } inreg, i32)
declare amdgpu_gfx { i8, i32 } @r37()
declare amdgpu_gfx void @a38({ i16, i16 }, { i16, i16 }, i32)   ; { i16, i16 }
declare amdgpu_gfx void @i38({ i16, i16 } inreg, { i16, i16 } inreg, i32)
declare amdgpu_gfx { i16, i16 } @r38()
declare amdgpu_gfx void @a39({ i64, i8 }, { i64, i8 }, i32)   ; { i64, i8 }
declare amdgpu_gfx void @i39({ i64, i8 } inreg, { i64, i8 } inreg, i32)
declare amdgpu_gfx { i64, i8 } @r39()
declare amdgpu_gfx void @a40({ half, <2 x half> }, { half, <2 x half> }, i32)   ; { half, <2 x half> }
declare amdgpu_gfx void @i40({ half, <2 x half> } inreg, { half, <2 x half> } inreg, i32)
declare amdgpu_gfx { half, <2 x half> } @r40()
declare amdgpu_gfx void @a41([2 x half], [2 x half], i32)   ; [2 x half]
declare amdgpu_gfx void @i41([2 x half] inreg, [2 x half] inreg, i32)
declare amdgpu_gfx [2 x half] @r41()
declare amdgpu_gfx void @a42(ptr addrspace(7), ptr addrspace(7), i32)   ; ptr addrspace(7)
declare amdgpu_gfx void @i42(ptr addrspace(7) inreg, ptr addrspace(7) inreg, i32)
declare amdgpu_gfx ptr addrspace(7) @r42()
declare amdgpu_gfx void @a43(ptr addrspace(8), ptr addrspace(8), i32)   ; ptr addrspace(8)
declare amdgpu_gfx void @i43(ptr addrspace(8) inreg, ptr addrspace(8) inreg, i32)
declare amdgpu_gfx ptr addrspace(8) @r43()
declare amdgpu_gfx void @a44(<2 x i1>, <2 x i1>, i32)   ; <2 x i1>
declare amdgpu_gfx void @i44(<2 x i1> inreg, <2 x i1> inreg, i32)
declare amdgpu_gfx <2 x i1> @r44()
declare amdgpu_gfx void @a45(<2 x ptr addrspace(3)>, <2 x ptr addrspace(3)>, i32)   ; <2 x ptr addrspace(3)>
declare amdgpu_gfx void @i45(<2 x ptr addrspace(3)> inreg, <2 x ptr addrspace(3)> inreg, i32)
declare amdgpu_gfx <2 x ptr addrspace(3)> @r45()
declare amdgpu_gfx void @a46([2 x i64], [2 x i64], i32)   ; [2 x i64]
declare amdgpu_gfx void @i46([2 x i64] inreg, [2 x i64] inreg, i32)
declare amdgpu_gfx [2 x i64] @r46()
declare amdgpu_gfx void @s00(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i8, half, { i8, i32 }, [3 x i16], i1)
declare amdgpu_gfx void @s01(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, <4 x float>, bfloat)
declare amdgpu_gfx void @s02(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i64 inreg, i32 inreg, i32)
declare amdgpu_gfx void @s03(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32)
declare amdgpu_gfx void @b00(ptr addrspace(5) byval(i32) %a, ptr addrspace(5) byval({ i32, i64 }) %b, ptr addrspace(5) byval(i8) %c, ptr addrspace(5) byval(<4 x i32>) %d, i32)
declare amdgpu_gfx void @b01(ptr addrspace(5) byval(i32) align 16, i32, ptr addrspace(5) byval([3 x i8]), i32)
declare amdgpu_gfx void @b02(ptr addrspace(5) sret({ i32, i32 }) %p, i32, ptr addrspace(4) byref(i32) %q)
declare amdgpu_gfx [33 x i32] @d00(i32 inreg, i32)
declare amdgpu_gfx <65 x i32> @d01(i32)
declare amdgpu_gfx <129 x i32> @d02(i32)
declare amdgpu_gfx <137 x i32> @d03(i32 inreg, i32)
declare amdgpu_gfx { <32 x i32>, i32 } @d04(i32)
declare amdgpu_gfx inreg i32 @d05(i32 inreg, i32)
declare amdgpu_gfx signext i8 @e00(i8 signext, i16 zeroext, i1 zeroext)
declare amdgpu_gfx void @n00(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-dispatch-ptr"
declare amdgpu_gfx void @n01(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-queue-ptr"
declare amdgpu_gfx void @n02(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-implicitarg-ptr"
declare amdgpu_gfx void @n03(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-dispatch-id"
declare amdgpu_gfx void @n04(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-workgroup-id-x"
declare amdgpu_gfx void @n05(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-workgroup-id-x" "amdgpu-no-cluster-id-x"
declare amdgpu_gfx void @n06(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-lds-kernel-id"
declare amdgpu_gfx void @n07(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg) "amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr" "amdgpu-no-implicitarg-ptr" "amdgpu-no-dispatch-id" "amdgpu-no-workgroup-id-x" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-cluster-id-x" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z" "amdgpu-no-lds-kernel-id"
