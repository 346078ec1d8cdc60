; A uniform half loaded from constant memory and passed inreg on a target
; without 16-bit instructions (gfx600): SelectionDAG works on the value in
; a VGPR, then cannot copy it into the SGPR the convention assigns. llc 14,
; 15 and 16 refuse @c_gfx ("illegal SGPR to VGPR copy", amdgpu_gfx), llc
; 19 refuses both callers ("illegal VGPR to SGPR copy", the default
; convention too), all after isel; llc 22 compiles both (it reads the first
; lane: the value is uniform, right). The sub-dword inreg class
; docs/design.md names, reached in the final code by the golden case i03
; (cases/golden/default.ll: `void (half inreg, half inreg, i32)`, gfx600)
; in make check with --final-code auto, seed 5150, and by amdgpu_gfx
; signatures with half inreg there; reduced by hand from the run's module
; (the same failures), typed pointers so that every llc reads it.
; verified by lit with every installed llc: passes (llc fails so) with
; 14.0.6, 15.0.6, 16.0.6 and 19.1.7; fails with 22.1.8 (it compiles it).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx600 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: in function c_{{gfx|ccc}}{{.*}}: illegal {{VGPR to SGPR|SGPR to VGPR}} copy

@out = external addrspace(4) global half, align 16

declare amdgpu_gfx void @f_gfx(half inreg)
declare void @f_ccc(half inreg)

define amdgpu_gfx void @c_gfx() {
  %h = load half, half addrspace(4)* @out, align 16
  call amdgpu_gfx void @f_gfx(half inreg %h)
  ret void
}

define void @c_ccc() {
  %h = load half, half addrspace(4)* @out, align 16
  call void @f_ccc(half inreg %h)
  ret void
}
