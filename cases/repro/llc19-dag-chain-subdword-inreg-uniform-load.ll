; Reproducer final-code-a4c7bdbec2 (final-code, llc 19.1.7, -mcpu=gfx1100, SelectionDAG): error: <unknown>:0:0: in function gcnabi.0.caller: illegal VGPR to SGPR copy
; Signature: declare amdgpu_cs_chain void @f([4 x half] inreg)
; CHECK lines: llc fails on the final code with this error (the IR reduced by llvm-reduce from the emitted function and caller).
; partially verified by lit with every installed llc: lit FAILS with llc 15.0.6, llc 16.0.6, llc 22.1.8; PASSES with llc 19.1.7 (the llc checked); no prediction for llc 14.0.6, where lit FAILS (llc fails: llc: error: llc: final-code-a#c#bdbec#.ll:#:#: error: expected type) with llc 14.0.6 (llc 14.0.6 does not know gfx1100 (it compiles for the generic target))
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1100 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: illegal VGPR to SGPR copy

declare amdgpu_cs_chain void @f()

define amdgpu_cs_chain void @abi.0.caller(ptr addrspace(4) %0, half %abi.o0.unpack3, [4 x half] %abi.o04, { [4 x half] } %abi.s0) {
  %abi.o0.unpack = load half, ptr addrspace(4) null, align 16
  %2 = insertvalue [4 x half] zeroinitializer, half 0xH0000, 0
  %abi.o0.unpack1 = load half, ptr addrspace(4) null, align 2
  %3 = insertvalue [4 x half] zeroinitializer, half 0xH0000, 1
  %abi.o0.unpack2 = load half, ptr addrspace(4) null, align 4
  %4 = insertvalue [4 x half] zeroinitializer, half 0xH0000, 2
  %abi.o0.unpack31 = load half, ptr addrspace(4) %0, align 2
  %abi.o042 = insertvalue [4 x half] zeroinitializer, half %abi.o0.unpack3, 3
  %abi.s03 = insertvalue { [4 x half] } zeroinitializer, [4 x half] %abi.o04, 0
  call void (ptr, i32, { [4 x half] }, {}, i32, ...) @llvm.amdgcn.cs.chain.p0.i32.sl_a4f16s.sl_s(ptr @f, i32 0, { [4 x half] } inreg %abi.s0, {} zeroinitializer, i32 0)
  unreachable
}

; Function Attrs: convergent noreturn nounwind
declare void @llvm.amdgcn.cs.chain.p0.i32.sl_a4f16s.sl_s(ptr, i32, { [4 x half] }, {}, i32 immarg, ...) #0

attributes #0 = { convergent noreturn nounwind }
