; An amdgpu_cs_chain_preserve function that makes a dynamic-VGPR chain call
; (flags 1) passing a new value in a VGPR argument the body also wrote:
; llc 22 saves v9 as callee-saved at entry and restores it right before
; the jump, over the argument (`v_mov_b32_e32 v9, s1` is gone), so the
; callee gets the caller's entry v9. A plain chain call (flags 0) passes
; s1 in v9: the prologue/epilogue code takes a chain call's VGPR operands
; out of the callee-saved set only for SI_CS_CHAIN_TC_W32/W64
; (SIInstrInfo::isChainCallOpcode), not for their _DVGPR forms (#130094,
; LLVM 21). No upstream issue found. Found by check --final-code on the
; nightly's chain_preserve graphs (gen --callgraph --root
; amdgpu_cs_chain_preserve --seed 322: 6 dynamic-VGPR chain calls, "the
; callee reads v28, which holds entry v28"), reduced by hand.
; verified by lit with every installed llc: fails with 22.1.8 (the wrong
; code); passes with 19.1.7 (it ignores the dynamic-VGPR operands and
; makes a plain chain call); llc 14-16 cannot read it (no
; amdgpu_cs_chain_preserve).
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}caller:
; CHECK: s_load_b32 [[X:s[0-9]+]]
; CHECK: v_mov_b32_e32 v9, [[X]]
; CHECK-NOT: v9
; CHECK: s_setpc_b64

declare amdgpu_cs_chain_preserve void @callee(i32 inreg, i32, i32)
declare void @llvm.amdgcn.cs.chain.p0.i32.i32.sl_i32i32s(ptr, i32, i32, {i32, i32}, i32, ...)

@g = addrspace(4) global i32 0

define amdgpu_cs_chain_preserve void @caller(i32 inreg %a, i32 %b, i32 %c) {
  call void asm sideeffect "v_mov_b32 v9, 0", "~{v9}"()
  %x = load volatile i32, ptr addrspace(4) @g
  %s0 = insertvalue {i32, i32} poison, i32 %b, 0
  %s1 = insertvalue {i32, i32} %s0, i32 %x, 1
  call void (ptr, i32, i32, {i32, i32}, i32, ...) @llvm.amdgcn.cs.chain.p0.i32.i32.sl_i32i32s(ptr @callee, i32 -1, i32 inreg %a, {i32, i32} %s1, i32 1, i32 64, i32 -1, ptr @callee)
  unreachable
}
