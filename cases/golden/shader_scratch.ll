; Golden cases, shader entry points' system SGPRs and scratch, for three
; triples: the private segment wave byte offset (the first SGPR after the
; user SGPRs; s5 in a merged HS/GS on gfx9+; none with architected flat
; scratch), mesa3d's implicit buffer pointer s[0:1] ahead of the inreg
; arguments, the SGPR limit that moves with it, and shaders without scratch.
; "gcnabi-scratch" makes gcnabi emit write a dynamically indexed private
; array. Expectations beside this file were recorded from real llc by
; tests/record_golden.py for each triple below; each names its command.
; gcnabi-triples: amdpal mesa3d noos
declare amdgpu_cs void @c00(i32) "gcnabi-scratch"   ; no user SGPR: the wave offset is s0
declare amdgpu_cs void @c01(i32 inreg, float) "gcnabi-scratch"
declare amdgpu_cs void @c02(i32 inreg, i64 inreg, float) "gcnabi-scratch"   ; parts, not arguments, count
declare amdgpu_cs void @c03({ i32, <2 x float> } inreg, <4 x float>) "gcnabi-scratch"
declare amdgpu_cs void @c04([41 x i32] inreg) "gcnabi-scratch"
declare amdgpu_cs void @c05([42 x i32] inreg) "gcnabi-scratch"   ; mesa3d: s2-s43, the last SGPR argument; offset s44
declare amdgpu_cs void @c06([43 x i32] inreg) "gcnabi-scratch"   ; mesa3d: one part too many
declare amdgpu_cs void @c07([44 x i32] inreg) "gcnabi-scratch"   ; amdpal: s0-s43, offset s44
declare amdgpu_cs void @c08(i32 inreg, float)   ; no scratch: no wave offset to compare
declare amdgpu_cs float @c09(i32 inreg, i32 inreg, float) "gcnabi-scratch"   ; returns take no SGPRs away
declare amdgpu_cs i32 @c10(i32 inreg, float) "gcnabi-scratch"
declare amdgpu_cs void @c11(i1 inreg, i32) "gcnabi-scratch"   ; i1: refused by 14-16
declare amdgpu_ps void @p00(i32 inreg, i32 inreg, float, float) "gcnabi-scratch"
declare amdgpu_ps void @p01(i32 inreg, float, float) "gcnabi-scratch" "gcnabi-unused"="0,1"   ; unused inreg still counted
declare amdgpu_ps void @p02(float inreg, float)   ; no scratch
declare amdgpu_vs void @v00(<2 x i32> inreg, float) "gcnabi-scratch"
declare amdgpu_vs void @v01(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, float) "gcnabi-scratch"
declare amdgpu_gs void @g00(float) "gcnabi-scratch"   ; merged on gfx9+: s5 whatever the user SGPRs
declare amdgpu_gs void @g01(i32 inreg, i32 inreg, i32 inreg, float) "gcnabi-scratch"
declare amdgpu_gs void @g02(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, float) "gcnabi-scratch"   ; s5 is an argument too
declare amdgpu_hs void @h00(i32 inreg, i32 inreg, float) "gcnabi-scratch"
declare amdgpu_hs void @h01([10 x i32] inreg, float) "gcnabi-scratch"
declare amdgpu_es void @e00([8 x i32] inreg, float) "gcnabi-scratch"   ; ES and LS are not merged stages: s[user SGPRs]
declare amdgpu_ls void @l00([8 x i32] inreg, float) "gcnabi-scratch"
declare amdgpu_hs void @h02(i32 inreg, float)   ; no scratch
