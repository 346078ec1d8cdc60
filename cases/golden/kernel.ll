; Golden cases, amdgpu_kernel: the explicit kernarg segment (every argument
; in-line at its type's ABI alignment, alloc size bytes; byref(T) data at its
; align, else T's), a kernel on a CPU llc does not know (llc 14 gfx1100:
; its stores cannot be selected), and the IR verifier's refusals (non-void return, sret, byval, byref of a private
; pointer). Entry points: callee view only. Expectations beside this file in
; expect/, recorded by tests/record_golden.py from llc -mtriple=amdgcn-amd-amdhsa
; (HSA metadata of the assembly; the RUN line of each file has the command).
; Buffer pointers (p7, p8, p9) are in tests/fixtures/hsa: the emitted body
; cannot store them everywhere (GlobalISel 14-16, p9 in 19/22). No 16-bit
; elements inside aggregates or vectors: llc 22's GlobalISel on gfx1100
; cannot select their kernarg loads (not modeled; README).
declare amdgpu_kernel void @k00()
declare amdgpu_kernel void @k01(i8, i16, i32, i64, i8, <3 x i32>, <3 x float>, i1, half, double)
declare amdgpu_kernel void @k02(ptr addrspace(1), ptr addrspace(3), <2 x half>, i128, { i8, i32 }, [3 x i32], <16 x float>, i8, <3 x i32>)
declare amdgpu_kernel void @k03(i8, ptr addrspace(4), i8, ptr addrspace(2), i8, ptr addrspace(1))
declare amdgpu_kernel void @k04(i8, { i8, { i32, i64 } }, i16, <{ i32, i64 }>, i8)
declare amdgpu_kernel void @k05(i8, ptr addrspace(4) byref(i32) align 16, i8, ptr addrspace(4) byref(<4 x i32>), i16)
declare amdgpu_kernel void @k06(half, ptr addrspace(4) byref(<4 x half>) align 2, i8, ptr addrspace(1) byref([3 x i8]))
declare amdgpu_kernel void @k07(i8, <{ i8, i32 }>, i8, [2 x { i32, double }], <8 x i8>, i8, <2 x i64>)
declare amdgpu_kernel void @k08(i1, i1, i32, <4 x i1>, i8, ptr, ptr addrspace(5), ptr addrspace(3))
declare amdgpu_kernel void @k09(i8, <3 x float>, i8, <5 x float>, i8, <32 x i32>)
declare amdgpu_kernel void @k10(float inreg, i64 inreg, i8 zeroext, i16 signext)
declare amdgpu_kernel i32 @k11(i32)
declare amdgpu_kernel void @k12(ptr addrspace(5) sret(i32))
declare amdgpu_kernel void @k13(ptr addrspace(5) byval(i32))
declare amdgpu_kernel void @k14(ptr addrspace(5) byref(i32))
