; Reproducer final-code-eee84d8989 (final-code, llc 19.1.7, -mcpu=gfx1100, SelectionDAG): error: ran out of registers during register allocation
; Signature: declare amdgpu_cs_chain void @f(i32 inreg, { half, <18 x half> } inreg, <32 x half> inreg, i64 inreg)
; CHECK lines: llc fails on the final code with this error (the IR reduced by llvm-reduce from the emitted function and caller).
; partially verified by lit with every installed llc: lit FAILS with llc 15.0.6, llc 16.0.6, llc 22.1.8; PASSES with llc 19.1.7 (the llc checked); no prediction for llc 14.0.6, where lit FAILS (llc fails: llc: error: llc: final-code-eee#d#.ll:#:#: error: expected type) with llc 14.0.6 (llc 14.0.6 does not know gfx1100 (it compiles for the generic target))
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1100 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: error: ran out of registers during register allocation

declare amdgpu_cs_chain void @f()

define amdgpu_cs_chain void @abi.0.caller() {
  call void (ptr, i32, { i32, { half, <18 x half> }, <32 x half>, i64 }, {}, i32, ...) @llvm.amdgcn.cs.chain.p0.i32.sl_i32sl_f16v18f16sv32f16i64s.sl_s(ptr @f, i32 0, { i32, { half, <18 x half> }, <32 x half>, i64 } inreg zeroinitializer, {} zeroinitializer, i32 0)
  unreachable
}

; Function Attrs: convergent noreturn nounwind
declare void @llvm.amdgcn.cs.chain.p0.i32.sl_i32sl_f16v18f16sv32f16i64s.sl_s(ptr, i32, { i32, { half, <18 x half> }, <32 x half>, i64 }, {}, i32 immarg, ...) #0

attributes #0 = { convergent noreturn nounwind }
