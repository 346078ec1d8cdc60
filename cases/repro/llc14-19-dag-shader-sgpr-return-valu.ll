; A shader returning an integer (in an SGPR, RetCC_SI_Shader) that only a
; vector instruction computes (here an fadd of its inreg argument: uniform,
; but in a VGPR): llc 14, 15, 16 ("illegal SGPR to VGPR copy") and 19
; ("illegal VGPR to SGPR copy") SelectionDAG refuse the module after isel;
; llc 22 and every GlobalISel insert a v_readfirstlane (the value is
; uniform: right). llvm/llvm-project#134463, fixed by #135326 (LLVM 21:
; readfirstlane on every SGPR return). check --final-code meets it on every
; shader gcnabi emit gives an integer return: the value it returns is a
; volatile load, into a VGPR (seed 4242, 60 shader signatures, 7 refused).
; verified by lit with every installed llc: passes (llc fails so) with
; 14.0.6, 15.0.6, 16.0.6 and 19.1.7; fails with 22.1.8 (it compiles it).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function f{{.*}}: illegal {{VGPR to SGPR|SGPR to VGPR}} copy

define amdgpu_ps i32 @f(float inreg %a) {
  %s = fadd float %a, 1.0
  %r = bitcast float %s to i32
  ret i32 %r
}
