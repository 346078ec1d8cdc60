; A chain function (amdgpu_cs_chain or amdgpu_cs_chain_preserve) with a
; frame pointer ("frame-pointer"="all", or a frame that needs one: a
; dynamic alloca, a realigned stack) and a stack object: llc 19 and 22
; fail after register allocation, "illegal VGPR to SGPR copy", then
; crash (SIGSEGV, SIGTRAP in 'Post-RA pseudo instruction expansion
; pass'), both selectors, gfx1100 and gfx1200. The frame offset register
; of chain functions is never set up: llvm/llvm-project#165518 (open).
; Without the attribute both compile it.
; Reached by the generator: chain graphs with frames (pct_frame over
; cases/weights/chain.weights; 7 December 2026, seed 21, 15 chain graphs
; with pct_frame = 50: every final-code compile of llc 19 and 22 fails).
; CHECK lines: none; llc compiles the module.
; verified by lit with every installed llc that takes the module: FAILS
; with llc 19.1.7 and 22.1.8; llc 14, 15 and 16 cannot read it (no
; llvm.amdgcn.cs.chain, typed pointers).
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 -enable-ipra=0 %s -o /dev/null
declare void @llvm.amdgcn.cs.chain.p0.i32.i32.i32(ptr, i32, i32 inreg, i32, i32, ...)
declare amdgpu_cs_chain void @g(i32 inreg, i32)

define amdgpu_cs_chain void @f(i32 inreg %s, i32 %v) "frame-pointer"="all" {
  %a = alloca i32, addrspace(5)
  store volatile i32 %s, ptr addrspace(5) %a
  call void(ptr, i32, i32, i32, i32, ...) @llvm.amdgcn.cs.chain.p0.i32.i32.i32(ptr @g, i32 -1, i32 inreg %s, i32 %v, i32 0)
  unreachable
}
