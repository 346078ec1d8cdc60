; A lane-varying value (loaded at the lane's own element) passed to an
; inreg parameter: the ABI puts it in an SGPR, one value for the wave, so
; the caller must loop over its distinct values (LLVM main's
; tail-call-inreg-arguments.waterfall.ll, llvm/llvm-project#146997, after
; 22.1.8). llc 22.1.8's GlobalISel writes `v_readfirstlane_b32 s0, v0`
; and calls once: every lane gets lane 0's value. gcnabi check
; --final-code: "call of @f, which takes SGPR arguments: s0 holds lane 0's
; value of v0 (v_readfirstlane ...), a value that may differ per lane, for
; every lane: no loop over its distinct values". Found by `gcnabi check
; --final-code` of a "gcnabi-divergent" signature (7 December 2026).
; llc 19's GlobalISel stops ("unable to map instruction: $sgpr0 = COPY
; %N:vgpr"; so do llc 14-19's at an amdgpu_gfx callee), SelectionDAG
; refuses it (llc14-22-dag-lane-varying-inreg-refused.ll); llc 14-16 pass
; the default convention's inreg arguments in VGPRs.
; CHECK lines: no v_readfirstlane into the argument SGPR before the call
; (the form of gcnabi's final-code lit tests).
; verified by lit with every installed llc: FAILS with 22.1.8 (the wrong
; code) and 19.1.7 (llc stops); passes with 14.0.6, 15.0.6 and 16.0.6.
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel -enable-ipra=0 %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}caller:
; CHECK-NOT: v_readfirstlane_b32 s0, v0{{( |,|$)}}
; CHECK: s_swappc_b64 s[30:31], {{[^,]*}}{{( |,|$)}}

@lane = addrspace(1) global i32 zeroinitializer
declare void @f(i32 inreg)

define void @caller(i32 %lane) {
  %p = getelementptr i32, i32 addrspace(1)* @lane, i32 %lane
  %v = load volatile i32, i32 addrspace(1)* %p
  call void @f(i32 inreg %v)
  ret void
}
