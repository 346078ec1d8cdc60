; Reproducer crash-4a6b4b3a4b (crash, llc 15.0.6, -mcpu=gfx900, SelectionDAG): LLVM ERROR: Cannot select: 0x: i8 = truncate 0x (killed by SIGABRT)
; Signature: declare amdgpu_gfx void @f(<1 x i8>)
; CHECK lines: none; llc compiles the IR (reduced by llvm-reduce from the emitted function and caller).
; partially verified by lit with every installed llc: lit FAILS with llc 15.0.6 (the llc checked); PASSES with llc 16.0.6, llc 19.1.7, llc 22.1.8; no prediction for llc 14.0.6, where lit FAILS (llc fails for this cause) with llc 14.0.6 (the run did not compile it with llc 14.0.6: the model of llc 14.0.6 refuses it (bfloat is not supported by llvm14))
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


@abi.0.out.0 = external addrspace(4) global <1 x i8>

declare amdgpu_gfx void @f(<1 x i8>)

define amdgpu_gfx void @abi.0.caller() {
  %abi.o0 = load <1 x i8>, <1 x i8> addrspace(4)* null, align 16
  call amdgpu_gfx void @f(<1 x i8> %abi.o0)
  ret void
}
