; Reproducer crash-54e8ff5141 (crash, llc 22.1.8, -mcpu=gfx1030, SelectionDAG): LLVM ERROR: Unknown mismatch in getCopyFromParts! (killed by SIGABRT)
; Signature: declare amdgpu_ps void @f([4 x [5 x float]], i16 inreg) "gcnabi-unused"="0"
; CHECK lines: none; llc compiles the IR (reduced by llvm-reduce from the emitted function and caller).
; verified by lit with every installed llc, as predicted: lit FAILS with llc 22.1.8 (the llc checked), llc 14.0.6, llc 15.0.6, llc 16.0.6, llc 19.1.7; PASSES with none (llc 14.0.6: gcnabi check of the reproducer's signatures shows the same cause with llc 14.0.6; llc 15.0.6: gcnabi check of the reproducer's signatures shows the same cause with llc 15.0.6; llc 16.0.6: gcnabi check of the reproducer's signatures shows the same cause with llc 16.0.6; llc 19.1.7: the run saw the same cause with it); no installed llc behaves the other way
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


@abi.0.in.1 = external addrspace(1) global i16

define amdgpu_ps void @f([4 x [5 x float]] %0, i16 %1) {
  store volatile i16 %1, i16 addrspace(1)* null, align 2
  ret void
}
