; Golden cases, amdgpu_kernel: the explicit kernarg segment (every argument
; in-line at its type's ABI alignment, alloc size bytes; byref(T) data at its
; align, else T's), buffer pointers (p7, p8, p9), the user SGPRs (where the
; kernarg pointer lands: each "amdgpu-no-*" attribute frees its field), and
; the IR verifier's refusals (non-void return, sret, byval, byref of a
; private pointer). gcnabi emit gives kernels a `ret void` body, so llc fails
; only on the signature. Entry points: callee view only. Expectations beside
; this file in expect/, recorded by tests/record_golden.py from llc
; -mtriple=amdgcn-amd-amdhsa (HSA metadata and kernel descriptor of the
; assembly; the RUN line of each file has the command).
; cpus: gfx900 gfx1030 gfx1100 gfx1200
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
declare amdgpu_kernel void @k15(i8, ptr addrspace(7), { i8, ptr addrspace(7) }, ptr addrspace(8), <2 x ptr addrspace(9)>, <3 x i16>, [2 x { i16, double }])
declare amdgpu_kernel void @k16(i32) "amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr"
declare amdgpu_kernel void @k17(i32) "amdgpu-no-dispatch-id" "amdgpu-no-flat-scratch-init"
declare amdgpu_kernel void @k18() "amdgpu-no-implicitarg-ptr"
declare amdgpu_kernel void @k19() "amdgpu-no-implicitarg-ptr" "amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr" "amdgpu-no-dispatch-id" "amdgpu-no-flat-scratch-init" "amdgpu-no-workgroup-id-y" "amdgpu-no-workgroup-id-z" "amdgpu-no-cluster-id-y" "amdgpu-no-cluster-id-z"
declare amdgpu_kernel void @k20({})
