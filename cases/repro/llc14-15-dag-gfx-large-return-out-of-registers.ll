; Reproducer final-code-79758ccde7 (final-code, llc 14.0.6, -mcpu=gfx1030, SelectionDAG): error: ran out of registers during register allocation
; Signature: declare amdgpu_gfx <129 x i32> @f(i32)
; CHECK lines: llc fails on the final code with this error (the IR reduced by llvm-reduce from the emitted function and caller).
; verified by lit with every installed llc, as predicted: lit FAILS with llc 16.0.6, llc 19.1.7, llc 22.1.8; PASSES with llc 14.0.6 (the llc checked), llc 15.0.6 (llc 15.0.6: the run saw the same cause with it)
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: error: ran out of registers during register allocation

@abi.0.res = external addrspace(1) global <129 x i32>

declare amdgpu_gfx <129 x i32> @f()

define amdgpu_gfx void @abi.0.caller() {
  %abi.r = call amdgpu_gfx <129 x i32> @f()
  store volatile <129 x i32> %abi.r, <129 x i32> addrspace(1)* null, align 1024
  ret void
}
