; Reproducer final-code-7613784777 (final-code, llc 22.1.8, -mcpu=gfx1030, SelectionDAG): at the tail call of @g1.n6 s30 holds the address of .LBB5_2, not the return address
; Signature: a call graph of 2 function(s), 3 line(s), reduced from 14
; From the call graph: declare fastcc void @g1.n5(<2 x float>, half inreg, i16, i64, [3 x i64]) "gcnabi-forward" "gcnabi-musttail" "gcnabi-branch"
; From the call graph: declare fastcc void @g1.n6(<2 x float>, half inreg, i16, i64, [3 x i64]) "gcnabi-musttail"
; From the call graph: call @g1.n5 -> @g1.n6
; CHECK lines: `s_add_u32 s30, s30, (.LBB1_2-.Lpost_getpc0)&4294967295` (which writes the value the contract is broken by) must not come before `s_setpc_b64 s[18:19]` in the function's final code.
; verified by lit with every installed llc, as predicted: lit FAILS with llc 22.1.8 (the llc checked), llc 19.1.7; PASSES with llc 14.0.6, llc 15.0.6, llc 16.0.6 (llc 19.1.7: the run saw the same cause with it)
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}g1.n5:
; CHECK-NOT: s_add_u32 s30, s30, {{[^,]*}}{{( |,|$)}}
; CHECK: s_setpc_b64 {{[^,]*}}{{( |,|$)}}

@abi.0.in.0 = addrspace(1) global <2 x float> zeroinitializer
@abi.0.out.0 = external addrspace(4) global <2 x float>, align 16
@abi.0.in.1 = addrspace(1) global half zeroinitializer
@abi.0.out.1 = external addrspace(4) global half, align 16
@abi.0.in.2 = addrspace(1) global i16 zeroinitializer
@abi.0.out.2 = external addrspace(4) global i16, align 16
@abi.0.in.3 = addrspace(1) global i64 zeroinitializer
@abi.0.out.3 = external addrspace(4) global i64, align 16
@abi.0.in.4 = addrspace(1) global [3 x i64] zeroinitializer
@abi.0.out.4 = external addrspace(4) global [3 x i64], align 16
@abi.0.len = addrspace(1) global i32 0

@abi.1.in.0 = addrspace(1) global <2 x float> zeroinitializer
@abi.1.out.0 = external addrspace(4) global <2 x float>, align 16
@abi.1.in.1 = addrspace(1) global half zeroinitializer
@abi.1.out.1 = external addrspace(4) global half, align 16
@abi.1.in.2 = addrspace(1) global i16 zeroinitializer
@abi.1.out.2 = external addrspace(4) global i16, align 16
@abi.1.in.3 = addrspace(1) global i64 zeroinitializer
@abi.1.out.3 = external addrspace(4) global i64, align 16
@abi.1.in.4 = addrspace(1) global [3 x i64] zeroinitializer
@abi.1.out.4 = external addrspace(4) global [3 x i64], align 16

define fastcc void @g1.n5(<2 x float>, half inreg, i16, i64, [3 x i64]) {
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
  store volatile <2 x float> %0, <2 x float> addrspace(1)* @abi.0.in.0
  store volatile half %1, half addrspace(1)* @abi.0.in.1
  store volatile i16 %2, i16 addrspace(1)* @abi.0.in.2
  store volatile i64 %3, i64 addrspace(1)* @abi.0.in.3
  store volatile [3 x i64] %4, [3 x i64] addrspace(1)* @abi.0.in.4
  musttail call fastcc void @g1.n6(<2 x float> %0, half inreg %1, i16 %2, i64 %3, [3 x i64] %4)
  ret void
}

define fastcc void @g1.n6(<2 x float>, half inreg, i16, i64, [3 x i64]) {
  store volatile <2 x float> %0, <2 x float> addrspace(1)* @abi.1.in.0
  store volatile half %1, half addrspace(1)* @abi.1.in.1
  store volatile i16 %2, i16 addrspace(1)* @abi.1.in.2
  store volatile i64 %3, i64 addrspace(1)* @abi.1.in.3
  store volatile [3 x i64] %4, [3 x i64] addrspace(1)* @abi.1.in.4
  ret void
}
