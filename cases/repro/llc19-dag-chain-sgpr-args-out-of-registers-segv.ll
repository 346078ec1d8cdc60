; Reproducer final-code-e72ba9b7bc (final-code, llc 19.1.7, -mcpu=gfx1100, SelectionDAG): error: ran out of registers during register allocation (killed by SIGSEGV)
; Signature: a call graph of 3 function(s), 5 line(s), reduced from 9
; From the call graph: declare amdgpu_cs_chain void @g0.n1(i32)
; From the call graph: declare amdgpu_cs_chain void @g0.n2(<15 x double> inreg)
; From the call graph: declare amdgpu_cs_chain void @g0.n3(i32) "gcnabi-frame"
; From the call graph: chain @g0.n1 -> * @g0.n2
; From the call graph: chain @g0.n2 -> @g0.n3 dvgpr 248
; CHECK lines: llc fails on the final code with this error (RUN without -verify-machineinstrs: with it, llc 19.1.7 stops at the machine verifier first) (the IR reduced by llvm-reduce from the emitted call graph).
; partially verified by lit with every installed llc: lit FAILS with llc 15.0.6, llc 16.0.6; PASSES with llc 19.1.7 (the llc checked); no prediction for llc 14.0.6, llc 22.1.8, where lit FAILS (llc fails: llc: error: llc: final-code-e#ba#b#bc.ll:#:#: error: expected type) with llc 14.0.6 (llc 14.0.6 does not know gfx1100 (it compiles for the generic target)); FAILS (llc fails: crash in 'Post-RA pseudo instruction expansion pass' at ?) with llc 22.1.8 (the IR gcnabi emits for llc 22.1.8 differs from the test's)
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1100 -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: error: ran out of registers during register allocation

define amdgpu_cs_chain void @g0.n1() {
  %abi.c0.fp = load ptr, ptr addrspace(4) null, align 8
  call void (ptr, i32, { <15 x double> }, {}, i32, ...) @llvm.amdgcn.cs.chain.p0.i32.sl_v15f64s.sl_s(ptr %abi.c0.fp, i32 0, { <15 x double> } inreg zeroinitializer, {} zeroinitializer, i32 0)
  unreachable
}

define amdgpu_cs_chain void @g0.n3() #0 {
  ret void
}

; Function Attrs: convergent noreturn nounwind
declare void @llvm.amdgcn.cs.chain.p0.i32.sl_v15f64s.sl_s(ptr, i32, { <15 x double> }, {}, i32 immarg, ...) #1

attributes #0 = { "frame-pointer"="all" }
attributes #1 = { convergent noreturn nounwind }
