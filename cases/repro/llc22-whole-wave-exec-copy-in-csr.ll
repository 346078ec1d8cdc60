; A whole-wave function (amdgpu_gfx_whole_wave) that makes a call: its
; prologue saves the entry EXEC with `s_xor_saveexec_b32 s4, -1` (the
; register allocated to %active, which must live across the call, so a
; callee-saved one: amdgpu_gfx's s4-s31), then saves s4 - already the EXEC
; copy - with the other callee-saved registers, and returns with s4
; holding the entry EXEC. A caller that keeps a value in s4 across the
; call (llc 22 does: an amdgpu_gfx caller's inreg argument) loses it.
; Without the call, llc uses vcc_lo, which is not callee-saved.
; gcnabi check-asm --mcpu gfx1200 on this module's final code: "at the
; return s4 holds entry exec, not its entry value (callee-saved)". Found
; by cases/weights/whole_wave.weights call graphs (7 December 2026, seed
; 31, 12 graphs: 12 such returns) and reduced by hand; no upstream issue
; found. Not yet in a suite: the whole-wave contract is issue 38's.
; CHECK lines: the function must not write the entry EXEC into s4 before
; it returns (the form of gcnabi's final-code lit tests).
; verified by lit with every installed llc that takes the module: FAILS
; with llc 22.1.8; llc 14-19 cannot read it (no amdgpu_gfx_whole_wave).
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 -enable-ipra=0 %s -o - | FileCheck %s
declare amdgpu_gfx void @g(i32)

; CHECK-LABEL: {{^}}f:
; CHECK-NOT: s_xor_saveexec_b32 s4, -1
; CHECK: s_setpc_b64 s[30:31]
define amdgpu_gfx_whole_wave i32 @f(i1 %active, i32 %v) {
  %r = select i1 %active, i32 %v, i32 7
  call amdgpu_gfx void @g(i32 %r)
  ret i32 %r
}
