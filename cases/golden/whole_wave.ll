; Golden cases, amdgpu_gfx_whole_wave (LLVM 22; older llc cannot parse the
; keyword): the first parameter is the active-lane mask, an i1 that no
; caller passes and no register carries; the others go as amdgpu_gfx's
; (CC_SI_Gfx): every type class plain and inreg, the VGPR, SGPR and stack
; limits, i1 after the mask, byval, byref and sret parameters; returns in
; registers, inreg, beyond 32 parts, beyond the VGPR budget and beyond 136
; parts, where llc 22 loses the return in one view or the other (profile
; switches whole_wave_*); what the verifier refuses. Each function is called
; through llvm.amdgcn.call.whole.wave (the caller view). Expectations beside
; this file were recorded from real llc by
;   python3 tests/record_golden.py --llc 22 cases/golden/whole_wave.ll
; each names its command.
; cpus: gfx1030 gfx1100 gfx1200
declare amdgpu_gfx_whole_wave void @m00(i1)   ; the mask alone
declare amdgpu_gfx_whole_wave i32 @m01(i1 zeroext, i32)   ; the verifier allows attributes on the mask but inreg
declare amdgpu_gfx_whole_wave void @a00(i1, i1, i1, i32)   ; i1 after the mask: the stack
declare amdgpu_gfx_whole_wave void @a01(i1, i8, i16 inreg, half, <2 x half> inreg, i32)
declare amdgpu_gfx_whole_wave void @a02(i1, float inreg, i64, double inreg, ptr addrspace(1), ptr addrspace(3) inreg)
declare amdgpu_gfx_whole_wave void @a03(i1, <2 x i16>, <3 x half> inreg, <4 x i8>, <2 x float> inreg, i96)
declare amdgpu_gfx_whole_wave void @a04(i1, { i8, i32 }, [3 x i16] inreg, { half, <2 x half> }, i128 inreg)
declare amdgpu_gfx_whole_wave void @a05(i1, ptr addrspace(7), ptr addrspace(8) inreg, <2 x ptr addrspace(1)>)
declare amdgpu_gfx_whole_wave void @a06(i1, i32 signext, i8 zeroext, i16 signext inreg)
declare amdgpu_gfx_whole_wave void @s00(i1, <30 x i32>, i64, i8, half, { i8, i32 }, i1)   ; v31 ends, then the stack
declare amdgpu_gfx_whole_wave void @s01(i1, <32 x i32>, <4 x float>, half)
declare amdgpu_gfx_whole_wave void @s02(i1, <25 x i32> inreg, i64 inreg, i32 inreg, i32)   ; s29 ends: inreg parts go to the stack
declare amdgpu_gfx_whole_wave void @s03(i1, <31 x i32>, i64)   ; split v31|stack+0
declare amdgpu_gfx_whole_wave void @s04(i1, <26 x i32> inreg, i32 inreg)
declare amdgpu_gfx_whole_wave void @b00(i1, ptr addrspace(5) byval(i32), ptr addrspace(5) byval({ i32, i64 }), i32)
declare amdgpu_gfx_whole_wave void @b01(i1, ptr addrspace(5) sret({ i32, i32 }), i32, ptr addrspace(4) byref(i32))
declare amdgpu_gfx_whole_wave void @b02(i1, <31 x i32>, ptr addrspace(5) byval({ i32, i64 }), i32)   ; a byval pointer on the stack
declare amdgpu_gfx_whole_wave i32 @r00(i1, i32 inreg, i32)
declare amdgpu_gfx_whole_wave { i64, float } @r01(i1, float)
declare amdgpu_gfx_whole_wave <32 x i32> @r02(i1, i32 inreg, i32)   ; the most a GlobalISel call site keeps
declare amdgpu_gfx_whole_wave <33 x i32> @r03(i1, i32 inreg, i32)   ; GlobalISel call site: the callee's address in v[0:1]
declare amdgpu_gfx_whole_wave [70 x i32] @r04(i1, i32)
declare amdgpu_gfx_whole_wave [70 x i32] @r05(i1, i32) "amdgpu-flat-work-group-size"="1,1024"   ; beyond the VGPR budget
declare amdgpu_gfx_whole_wave <137 x i32> @r06(i1, i32 inreg, i32, i1)   ; beyond 136 parts
declare amdgpu_gfx_whole_wave inreg i32 @r07(i1, i32 inreg, i32, i1)   ; inreg returns: each view differs
declare amdgpu_gfx_whole_wave inreg <2 x float> @r08(i1, { i32, i32 }, i32)   ; an aggregate argument: GlobalISel cannot fall back
declare amdgpu_gfx_whole_wave inreg [40 x i32] @r09(i1, i32)
declare amdgpu_gfx_whole_wave signext i16 @r10(i1, i16 signext)
declare amdgpu_gfx_whole_wave bfloat @r11(i1, bfloat inreg)   ; GlobalISel cannot pass bfloat at a call site
declare amdgpu_gfx_whole_wave void @v00(i32)   ; verifier: the first argument must be i1
declare amdgpu_gfx_whole_wave void @v01()
declare amdgpu_gfx_whole_wave void @v02(i1 inreg, i32)   ; verifier: not inreg
declare amdgpu_gfx_whole_wave void @v03(ptr addrspace(5) byval(i32))
