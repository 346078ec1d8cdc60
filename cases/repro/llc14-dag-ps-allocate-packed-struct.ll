; Reproducer crash-9a634ae9c5 (crash, llc 14.0.6, -mcpu=gfx1030, SelectionDAG): LLVM ERROR: unable to allocate function argument #20 (killed by SIGABRT)
; Signature: declare amdgpu_ps void @f(<{ float, <3 x i16>, <{ <16 x double>, [2 x ptr addrspace(3)], ptr addrspace(8), double }>, { ptr addrspace(5), i16, float, { ptr addrspace(5), double, float, ptr, i32 }, double }, bfloat }>)
; CHECK lines: none; llc compiles the IR (reduced by llvm-reduce from the emitted function and caller).
; partially verified by lit with every installed llc: lit FAILS with llc 14.0.6 (the llc checked); PASSES with llc 15.0.6; no prediction for llc 16.0.6, llc 19.1.7, llc 22.1.8, where lit PASSES with llc 16.0.6 (the IR gcnabi emits for llc 16.0.6 differs from the test's); PASSES with llc 19.1.7 (the IR gcnabi emits for llc 19.1.7 differs from the test's); PASSES with llc 22.1.8 (the IR gcnabi emits for llc 22.1.8 differs from the test's)
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


define amdgpu_ps void @f(<{ float, <3 x i16>, <{ <16 x double>, [2 x i8 addrspace(3)*], i8 addrspace(8)*, double }>, { i8 addrspace(5)*, i16, float, { i8 addrspace(5)*, double, float, i8*, i32 }, double }, bfloat }> %0) {
  ret void
}
