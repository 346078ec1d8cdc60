; Reproducer final-code-37a0fa0092 (final-code, llc 16.0.6, -mcpu=gfx600, SelectionDAG): crash in 'Simple Register Coalescing' at ? (killed by SIGSEGV)
; Signature: a call graph of 2 function(s), 3 line(s), reduced from 13
; From the call graph: declare amdgpu_gfx void @g0.n1(<2 x i32> inreg)
; From the call graph: declare amdgpu_gfx void @g0.n5([2 x bfloat] inreg)
; From the call graph: call @g0.n1 -> @g0.n5
; CHECK lines: llc fails on the final code with this error.
; partially verified by lit with every installed llc: lit FAILS with llc 19.1.7, llc 22.1.8; PASSES with llc 16.0.6 (the llc checked); no prediction for llc 14.0.6, llc 15.0.6, where lit FAILS (llc fails: LLVM ERROR: unable to allocate function argument ##) with llc 14.0.6 (the IR gcnabi emits for llc 14.0.6 differs from the test's); FAILS (llc fails: LLVM ERROR: Cannot select: #x: ch = store<(volatile store (s#) into @f + #, addrspace #), trunc to bf#> #x, #x, #x, undef:i#) with llc 15.0.6 (the IR gcnabi emits for llc 15.0.6 differs from the test's)
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx600 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: Running pass 'Simple Register Coalescing'

@abi.0.in.0 = addrspace(1) global <2 x i32> zeroinitializer
@abi.0.out.0 = external addrspace(4) global <2 x i32>, align 16

@abi.1.in.0 = addrspace(1) global [2 x bfloat] zeroinitializer
@abi.1.out.0 = external addrspace(4) global [2 x bfloat], align 16

define amdgpu_gfx void @g0.n1(<2 x i32> inreg) {
  store volatile <2 x i32> %0, <2 x i32> addrspace(1)* @abi.0.in.0
  %abi.c0.o0 = load [2 x bfloat], [2 x bfloat] addrspace(4)* @abi.1.out.0, align 16
  call amdgpu_gfx void @g0.n5([2 x bfloat] inreg %abi.c0.o0)
  ret void
}

define amdgpu_gfx void @g0.n5([2 x bfloat] inreg) {
  store volatile [2 x bfloat] %0, [2 x bfloat] addrspace(1)* @abi.1.in.0
  ret void
}
