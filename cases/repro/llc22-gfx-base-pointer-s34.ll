; Reproducer final-code-54496f1314 (final-code, llc 22.1.8, -mcpu=gfx1100, SelectionDAG): at the return s32 holds what the call at line 8437 may have left, not its entry value (the stack pointer)
; Signature: a call graph of 2 function(s), 3 line(s), reduced from 13
; From the call graph: declare amdgpu_gfx void @g33.n2(i32 inreg) "gcnabi-frame" "gcnabi-forward" "gcnabi-branch"
; From the call graph: declare amdgpu_gfx void @g33.n3() "gcnabi-divergent"
; From the call graph: call @g33.n2 -> @g33.n3
; CHECK lines: `s_mov_b32 s32, s34` (which writes the value the contract is broken by) must not come before `s_setpc_b64 s[30:31]` in the function's final code.
; partially verified by lit with every installed llc: lit FAILS with llc 22.1.8 (the llc checked), llc 22.1.8; PASSES with none; no prediction for llc 14.0.6, llc 15.0.6, llc 16.0.6, llc 19.1.7, where lit FAILS (llc fails: error: <unknown>:#:#: in function g#.n# void (i#): unsupported dynamic alloca) with llc 14.0.6 (the IR gcnabi emits for llc 14.0.6 differs from the test's); FAILS (llc fails: error: <unknown>:#:#: in function g#.n# void (i#): unsupported dynamic alloca) with llc 15.0.6 (the IR gcnabi emits for llc 15.0.6 differs from the test's); FAILS (llc fails: error: <unknown>:#:#: in function g#.n# void (i#): unsupported dynamic alloca) with llc 16.0.6 (the IR gcnabi emits for llc 16.0.6 differs from the test's); FAILS (llc fails: error: <unknown>:#:#: in function g#.n# void (i#): unsupported dynamic alloca) with llc 19.1.7 (the IR gcnabi emits for llc 19.1.7 differs from the test's) (llc 22.1.8: gcnabi check --final-code shows the same violation with llc 22.1.8)
; 5 December 2026: the CHECK-LABEL below escaped the dot (`g33\.n2`), which FileCheck reads literally, so every llc failed it on the label; with the label fixed llc 22 fails it on the CHECK-NOT (s_mov_b32 s32, s34 before the return), by hand: llc 22.1.8 -mcpu=gfx1100.
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1100 -verify-machineinstrs -enable-ipra=0 %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}g33.n2:
; CHECK-NOT: s_mov_b32 s32, s34{{( |,|$)}}
; CHECK: s_setpc_b64 s[30:31]{{( |,|$)}}

@abi.0.in.0 = addrspace(1) global i32 zeroinitializer
@abi.0.out.0 = external addrspace(4) global i32, align 16
@abi.0.len = addrspace(1) global i32 0

declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)

define amdgpu_gfx void @g33.n2(i32 inreg) alignstack(128) "frame-pointer"="all" {
  %abi.n = load volatile i32, i32 addrspace(1)* @abi.0.len
  %abi.dyn = alloca i32, i32 %abi.n, align 4, addrspace(5)
  store volatile i32 %abi.n, i32 addrspace(5)* %abi.dyn
  %abi.aligned = alloca [4 x i32], align 64, addrspace(5)
  %abi.cell = getelementptr [4 x i32], [4 x i32] addrspace(5)* %abi.aligned, i32 0, i32 %abi.n
  store volatile i32 %abi.n, i32 addrspace(5)* %abi.cell
  %abi.bn = load volatile i32, i32 addrspace(1)* @abi.0.len
  %abi.bskip = icmp eq i32 %abi.bn, 0
  br i1 %abi.bskip, label %abi.join, label %abi.long

abi.long:
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  store volatile i32 %abi.bn, i32 addrspace(1)* @abi.0.len
  br label %abi.join

abi.join:
  store volatile i32 %0, i32 addrspace(1)* @abi.0.in.0
  call amdgpu_gfx void @g33.n3()
  ret void
}

define amdgpu_gfx void @g33.n3() {
  ret void
}
