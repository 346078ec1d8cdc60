; Reproducer crash-8fb5039c60 (crash, llc 14.0.6, -mcpu=gfx1100, SelectionDAG): LLVM ERROR: Cannot select: 0x: f32 = any_extend ConstantFP:bf16<APFloat(0)> (killed by SIGABRT)
; Signature: declare amdgpu_gfx <1 x bfloat> @f(i32)
; CHECK lines: none; llc compiles the IR (reduced by llvm-reduce from the emitted function and caller).
; partially verified by lit with every installed llc: lit FAILS with llc 14.0.6 (the llc checked), llc 15.0.6; PASSES with none; no prediction for llc 16.0.6, llc 19.1.7, llc 22.1.8, where lit PASSES with llc 16.0.6 (the IR gcnabi emits for llc 16.0.6 differs from the test's); PASSES with llc 19.1.7 (the IR gcnabi emits for llc 19.1.7 differs from the test's); PASSES with llc 22.1.8 (the IR gcnabi emits for llc 22.1.8 differs from the test's) (llc 15.0.6: gcnabi check of the reproducer's signatures does not compile them (body_refused, calls_body_refused) with llc 15.0.6)
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1100 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


define amdgpu_gfx <1 x bfloat> @f() {
  ret <1 x bfloat> zeroinitializer
}
