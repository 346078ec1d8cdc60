; Golden cases, amdgpu_cs_chain and amdgpu_cs_chain_preserve (CC_AMDGPU_CS_CHAIN,
; LLVM 19 on; older llc cannot parse the keywords): inreg parts in s0-s104,
; the others in v8-v254, no stack, i1, void returns only, the verifier's
; byval rule, and each function called through llvm.amdgcn.cs.chain (the
; caller view is the SI_CS_CHAIN_TC pseudo). Expectations beside this file
; were recorded from real llc by tests/record_golden.py; each names its command.
declare amdgpu_cs_chain void @a00(i32 inreg, float, i64 inreg, <2 x float>, double, ptr addrspace(1) inreg)
declare amdgpu_cs_chain_preserve void @a01(i32 inreg, float, i64 inreg, <2 x float>, double, ptr addrspace(1) inreg)
declare amdgpu_cs_chain void @a02(<3 x half>, { i8, i32 } inreg, [3 x i16], <2 x i16> inreg, bfloat, ptr addrspace(8) inreg)
declare amdgpu_cs_chain void @a03(i1, i1 inreg, { i1, i32 })
declare amdgpu_cs_chain void @a04(float, float)
declare amdgpu_cs_chain void @a05(i32 inreg)
declare amdgpu_cs_chain_preserve void @a06()
declare amdgpu_cs_chain void @s00(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32)   ; 105 SGPRs: s104 is the last
declare amdgpu_cs_chain void @s01(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32)   ; 106: unable to allocate
declare amdgpu_cs_chain void @s02(<246 x float>, float, i32 inreg)   ; 247 VGPRs: v254 is the last
declare amdgpu_cs_chain void @s03(<247 x float>, float)   ; 248: unable to allocate
declare amdgpu_cs_chain i32 @v00(i32)   ; verifier: void returns only
declare amdgpu_cs_chain void @v01(ptr addrspace(5) byval(i32))
