; llc 15 and 16 SelectionDAG run out of registers on an amdgpu_gfx function
; returning <129 x i32> and its caller (the golden case d02,
; cases/golden/gfx.ll: `declare amdgpu_gfx <129 x i32> @d02(i32)`) on
; gfx600, gfx701 and gfx900; llc 14 and 15 fail so on gfx1030 too
; (llc14-15-dag-gfx-large-return-out-of-registers.ll, which llc 16
; compiles); llc 19 and 22 demote the return (gfx_ret_dag_vgpr_budget).
; The module is the one `gcnabi check --final-code` kept (make check seed
; 31337, unit file-007-gfx600), not reduced: llvm-reduce's smaller forms
; compile with llc 16.
; verified by hand with lit and every installed llc (7 December 2026):
; PASSES with llc 15.0.6 and 16.0.6; FAILS with llc 14.0.6 (it does not
; read the module's pointers), 19.1.7 and 22.1.8 (they compile it).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx600 -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: ran out of registers during register allocation

@gcnabi.0.in.0 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.0 = external addrspace(4) global i32, align 16
@gcnabi.0.ret = addrspace(1) global <129 x i32> zeroinitializer
@gcnabi.0.res = addrspace(1) global <129 x i32> zeroinitializer
define amdgpu_gfx <129 x i32> @gcnabi.0.fn(i32) {
  store volatile i32 %0, ptr addrspace(1) @gcnabi.0.in.0
  %gcnabi.r = load <129 x i32>, ptr addrspace(1) @gcnabi.0.ret
  ret <129 x i32> %gcnabi.r
}
define amdgpu_gfx void @gcnabi.0.caller() {
  %gcnabi.o0 = load i32, ptr addrspace(4) @gcnabi.0.out.0, align 16
  %gcnabi.r = call amdgpu_gfx <129 x i32> @gcnabi.0.fn(i32 %gcnabi.o0)
  store <129 x i32> %gcnabi.r, ptr addrspace(1) @gcnabi.0.res
  ret void
}
