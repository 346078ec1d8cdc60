; Reproducer final-code-bd0d634bfb (final-code, llc 22.1.8, -mcpu=gfx1030, GlobalISel): error: <unknown>:0:0: ran out of registers during register allocation in function 'gcnabi.0.fn'
; Signature: declare amdgpu_gfx <129 x i32> @f(i32)
; CHECK lines: llc fails on the final code with this error.
; verified by hand with lit and every installed llc (7 December 2026): PASSES with llc 22.1.8
; (the llc checked); FAILS with llc 14.0.6, 15.0.6, 16.0.6, 19.1.7. The run's own CHECK
; line named the final code's function (abi.#.fn), not the reproducer's @f:
; fixed in littest.error_pattern.
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -global-isel -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: ran out of registers during register allocation in function '{{.*}}'

@abi.0.in.0 = addrspace(1) global i32 zeroinitializer
@abi.0.out.0 = external addrspace(4) global i32, align 16
@abi.0.ret = addrspace(1) global <129 x i32> zeroinitializer
@abi.0.res = addrspace(1) global <129 x i32> zeroinitializer
define amdgpu_gfx <129 x i32> @f(i32) {
  store volatile i32 %0, i32 addrspace(1)* @abi.0.in.0
  %abi.r = load volatile <129 x i32>, <129 x i32> addrspace(1)* @abi.0.ret
  ret <129 x i32> %abi.r
}
define amdgpu_gfx void @abi.0.caller() {
  %abi.o0 = load i32, i32 addrspace(4)* @abi.0.out.0, align 16
  %abi.r = call amdgpu_gfx <129 x i32> @f(i32 %abi.o0)
  store volatile <129 x i32> %abi.r, <129 x i32> addrspace(1)* @abi.0.res
  ret void
}
