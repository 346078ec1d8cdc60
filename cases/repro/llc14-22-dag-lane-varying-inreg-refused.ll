; A lane-varying value (loaded at the lane's own element) passed to an
; amdgpu_gfx function's inreg parameter (the default convention's too
; from llc 19; llc 14-16 pass its inreg arguments in VGPRs): the ABI puts it in an SGPR, one value for the wave, so
; the caller must loop over its distinct values (LLVM main's
; tail-call-inreg-arguments.waterfall.ll, llvm/llvm-project#146997, after
; 22.1.8). SelectionDAG refuses the module instead: "illegal VGPR to SGPR
; copy" (llc 19, 22; with -verify-machineinstrs llc 22's verifier: "illegal
; copy from vector register to SGPR"), "illegal SGPR to VGPR copy" (llc
; 14-16, the words reversed): llvm/llvm-project#140780 (open,
; crash-on-valid). gcnabi check --final-code reports it "with lane-varying
; values passed inreg: " and checks the rest of the function's contract
; with the value made uniform.
; verified by lit with every installed llc: passes (llc fails so) with
; 14.0.6, 15.0.6, 16.0.6, 19.1.7 and 22.1.8.
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -enable-ipra=0 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function caller{{.*}}: illegal {{VGPR to SGPR|SGPR to VGPR}} copy

@lane = addrspace(1) global i32 zeroinitializer
declare amdgpu_gfx void @f(i32 inreg)

define void @caller(i32 %lane) {
  %p = getelementptr i32, i32 addrspace(1)* @lane, i32 %lane
  %v = load volatile i32, i32 addrspace(1)* %p
  call amdgpu_gfx void @f(i32 inreg %v)
  ret void
}
