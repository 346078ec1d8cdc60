; Golden cases, amdgpu_kernel preloaded arguments: a leading run of inreg
; arguments goes into the user SGPRs after the enabled ones
; (.amdhsa_user_sgpr_kernarg_preload_length), on CPUs with kernarg preload
; (gfx940, gfx942) and SelectionDAG only, from llc 19 on: the run stops at
; the first argument that is not inreg or no longer fits the 16 user SGPRs;
; an argument under 4 bytes at an unaligned offset shares the previous SGPR;
; the padding before an aligned argument costs SGPRs. gfx1030 preloads
; nothing. Expectations in expect/, recorded by tests/record_golden.py from
; llc -mtriple=amdgcn-amd-amdhsa (each file has its command).
; cpus: gfx942 gfx940 gfx1030
declare amdgpu_kernel void @p00(i32 inreg, i32 inreg, i32)
declare amdgpu_kernel void @p01(i8 inreg, i16 inreg, i64 inreg, i32 inreg)
declare amdgpu_kernel void @p02(i32 inreg, i32, i32 inreg)
declare amdgpu_kernel void @p03(<8 x i32> inreg, <8 x i32> inreg) "amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr" "amdgpu-no-dispatch-id"
declare amdgpu_kernel void @p04({ i32, i32 } inreg, i32 inreg)
declare amdgpu_kernel void @p05(i32 inreg, i64 inreg)
declare amdgpu_kernel void @p06(i32 inreg) "amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr" "amdgpu-no-dispatch-id" "amdgpu-no-implicitarg-ptr"
declare amdgpu_kernel void @p07(i8 inreg, i8 inreg, i8 inreg, i8 inreg, i8 inreg)
declare amdgpu_kernel void @p08(i64 inreg, i64 inreg, i64 inreg, i64 inreg, i64 inreg)
declare amdgpu_kernel void @p09(i8 inreg, <3 x i32> inreg, i16 inreg, <2 x half> inreg, double inreg)
declare amdgpu_kernel void @p10(i16 inreg, i16 inreg, i16 inreg, i8 inreg, i128 inreg)
declare amdgpu_kernel void @p11(ptr addrspace(1) inreg, ptr addrspace(1) inreg, ptr addrspace(1) inreg, i32 inreg, i32 inreg, i32)
declare amdgpu_kernel void @p12([3 x i16] inreg, i8 inreg, { i8, i32 } inreg)
declare amdgpu_kernel void @p13(<3 x i16> inreg, i32 inreg) "amdgpu-no-dispatch-ptr"
declare amdgpu_kernel void @p14(i32, i32 inreg)
