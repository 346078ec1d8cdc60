; A dynamic alloca whose size llc cannot know (a volatile load: divergent
; to the backend) on gfx600 or gfx701: llc 22 segfaults in the branch
; relaxation pass, with SelectionDAG and GlobalISel alike, whatever
; -amdgpu-s-branch-bits (the loop of the wave-wide reduction of the size,
; llvm/llvm-project#121148, LLVM 20 on); gfx900 and gfx1030 compile it;
; llc 15-19 refuse it ("unsupported dynamic alloca"). Reached in the final code by
; the bodies suite's "gcnabi-frame" functions on gfx600 (make check
; --final-code auto, seed 5150: 19 findings, llc 22, both selectors);
; reduced by hand from the run's module to the alloca alone.
; verified by lit with every installed llc: passes (llc crashes so) with
; 22.1.8; fails with 14.0.6 (cannot read it), 15.0.6, 16.0.6 and 19.1.7
; (an error, no crash).
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx600 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: Running pass 'Branch relaxation pass' on function '@f'

@len = addrspace(1) global i32 0

define void @f() {
  %n = load volatile i32, ptr addrspace(1) @len
  %dyn = alloca i32, i32 %n, align 4, addrspace(5)
  store volatile i32 %n, ptr addrspace(5) %dyn
  ret void
}
