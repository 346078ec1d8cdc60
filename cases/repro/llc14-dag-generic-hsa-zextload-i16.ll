; Reproducer crash-1db2e630d7 (crash, llc 14.0.6, -mcpu=gfx1100, SelectionDAG): LLVM ERROR: Cannot select: 0x: i32,ch = load<(volatile dereferenceable load (s16) from @gcnabi.1.ret, addrspace 1), zext from i16> 0x, 0x, undef:i64 (killed by SIGABRT)
; Signature: declare coldcc half @f(i64) "gcnabi-divergent"
; CHECK lines: none; llc compiles the IR (reduced by llvm-reduce from the emitted function and caller).
; verified by lit with every installed llc, as predicted: lit FAILS with llc 14.0.6 (the llc checked); PASSES with llc 15.0.6, llc 16.0.6, llc 19.1.7, llc 22.1.8
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


@abi.0.ret = external addrspace(1) global half

define coldcc half @f() {
  %abi.r = load volatile half, half addrspace(1)* @abi.0.ret, align 2
  ret half %abi.r
}
