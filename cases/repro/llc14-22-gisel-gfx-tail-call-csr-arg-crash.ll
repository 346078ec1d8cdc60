; GlobalISel, amdgpu_gfx tail call with an inreg argument after an
; argument of several parts: llc 14-22 segfault in the IRTranslator
; (CallLowering::parametersInCSRMatch). It walks the call's locations
; (one per 32-bit part) and indexes the call's arguments (one per value)
; with the same index; amdgpu_gfx passes inreg arguments from s4, which
; is callee-saved (CSR_AMDGPU_SI_Gfx_SGPRs: s4-s31, s64-s105), so for the
; inreg part at location 2 of f1 it reads argument 2 of a call that has
; two. What the read finds past the end decides whether llc crashes: each
; llc crashes on some of the three calls below (each alone, for gfx1030:
; llc 14, 15 and 22 on @f1, 19 on @f2, 14-16 on @f3), and on many of
; gcnabi's amdgpu_gfx signatures, alone or only among other functions.
; With the inreg argument first (locations and arguments in step) every
; llc compiles all three; a call that is not a tail call compiles, and
; SelectionDAG compiles the module.
; Reached by the generator: make check, seed 71523 (7 December 2026):
; 8 causes of this crash, llc 14, 15, 16, 19 and 22, amdgpu_gfx
; signatures with doubles or <2 x double> before an inreg argument.
; No upstream report found.
; CHECK lines: none; llc translates the module.
; verified by lit with every installed llc: FAILS with llc 14.0.6, 15.0.6,
; 16.0.6, 19.1.7 and 22.1.8 (each killed by SIGSEGV in 'IRTranslator').
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel -stop-after=irtranslator %s -o /dev/null
declare amdgpu_gfx void @f1(double, i32 inreg)
declare amdgpu_gfx void @f2(double, double, i32 inreg)
declare amdgpu_gfx void @f3(<2 x double>, [5 x float], i32 inreg)

define amdgpu_gfx void @caller1() {
  tail call amdgpu_gfx void @f1(double poison, i32 inreg 7)
  ret void
}

define amdgpu_gfx void @caller2() {
  tail call amdgpu_gfx void @f2(double poison, double poison, i32 inreg 7)
  ret void
}

define amdgpu_gfx void @caller3() {
  tail call amdgpu_gfx void @f3(<2 x double> poison, [5 x float] poison, i32 inreg 7)
  ret void
}
