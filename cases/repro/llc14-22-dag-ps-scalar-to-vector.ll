; Reproducer crash-6ed06aa76f (crash, llc 15.0.6, -mcpu=gfx1030, SelectionDAG): error: non-trivial scalar-to-vector conversion
; Signature: declare amdgpu_ps void @f(<{ float, <3 x i16>, <{ <16 x double>, [2 x ptr addrspace(3)], ptr addrspace(8), double }>, { ptr addrspace(5), i16, float, { ptr addrspace(5), double, float, ptr, i32 }, double }, bfloat }>, half, <2 x half>)
; CHECK lines: none; llc compiles the IR (reduced by llvm-reduce from the emitted function and caller).
; partially verified by lit with every installed llc: lit FAILS with llc 15.0.6 (the llc checked), llc 14.0.6; PASSES with none; no prediction for llc 16.0.6, llc 19.1.7, llc 22.1.8, where lit FAILS (llc fails for this cause) with llc 16.0.6 (the IR gcnabi emits for llc 16.0.6 differs from the test's); FAILS (llc fails for this cause) with llc 19.1.7 (the IR gcnabi emits for llc 19.1.7 differs from the test's); FAILS (llc fails for this cause) with llc 22.1.8 (the IR gcnabi emits for llc 22.1.8 differs from the test's) (llc 14.0.6: gcnabi check of the reproducer's signatures shows another failure (compiler: LLVM ERROR: unable to allocate function argument ## (killed by SIGABRT)) with llc 14.0.6)
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


@abi.0.in.2 = external addrspace(1) global <2 x half>

define amdgpu_ps void @f(<{ float, <3 x i16>, <{ <16 x double>, [2 x i8 addrspace(3)*], i8 addrspace(8)*, double }>, { i8 addrspace(5)*, i16, float, { i8 addrspace(5)*, double, float, i8*, i32 }, double }, bfloat }> %0, half %1, <2 x half> %2) {
  store volatile <2 x half> %2, <2 x half> addrspace(1)* null, align 4
  ret void
}
