; llc 22 SelectionDAG gives a chain function whose inreg arguments take
; the SGPRs up to the limit more SGPRs than the target has (103 of 102;
; make check seed 4242, sig-chain f12 on gfx900); GlobalISel too
; The module is the one `gcnabi check --final-code` kept, not reduced (the
; run's reduced forms did not fail so).
; verified by hand with lit and every installed llc (7 December 2026): PASSES
; with llc 19.1.7 and 22.1.8 (the llc checked); FAILS with llc 14.0.6, 15.0.6
; and 16.0.6.
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: addressable scalar registers ({{[0-9]+}}) exceeds limit ({{[0-9]+}}) in function


@gcnabi.12.in.0 = addrspace(1) global ptr addrspace(2) zeroinitializer
@gcnabi.12.out.0 = external addrspace(4) global ptr addrspace(2), align 16
@gcnabi.12.in.1 = addrspace(1) global <28 x half> zeroinitializer
@gcnabi.12.out.1 = external addrspace(4) global <28 x half>, align 16
@gcnabi.12.in.2 = addrspace(1) global ptr zeroinitializer
@gcnabi.12.out.2 = external addrspace(4) global ptr, align 16
@gcnabi.12.in.3 = addrspace(1) global <{ <2 x float> }> zeroinitializer
@gcnabi.12.out.3 = external addrspace(4) global <{ <2 x float> }>, align 16
@gcnabi.12.in.4 = addrspace(1) global <8 x double> zeroinitializer
@gcnabi.12.out.4 = external addrspace(4) global <8 x double>, align 16
@gcnabi.12.in.5 = addrspace(1) global <22 x ptr addrspace(6)> zeroinitializer
@gcnabi.12.out.5 = external addrspace(4) global <22 x ptr addrspace(6)>, align 16
@gcnabi.12.in.6 = addrspace(1) global ptr zeroinitializer
@gcnabi.12.out.6 = external addrspace(4) global ptr, align 16
@gcnabi.12.in.7 = addrspace(1) global <4 x i29> zeroinitializer
@gcnabi.12.out.7 = external addrspace(4) global <4 x i29>, align 16
@gcnabi.12.in.8 = addrspace(1) global ptr addrspace(2) zeroinitializer
@gcnabi.12.out.8 = external addrspace(4) global ptr addrspace(2), align 16
@gcnabi.12.in.9 = addrspace(1) global <8 x i8> zeroinitializer
@gcnabi.12.out.9 = external addrspace(4) global <8 x i8>, align 16
@gcnabi.12.in.10 = addrspace(1) global <8 x ptr addrspace(3)> zeroinitializer
@gcnabi.12.out.10 = external addrspace(4) global <8 x ptr addrspace(3)>, align 16
@gcnabi.12.in.11 = addrspace(1) global <3 x half> zeroinitializer
@gcnabi.12.out.11 = external addrspace(4) global <3 x half>, align 16
@gcnabi.12.in.12 = addrspace(1) global [4 x i16] zeroinitializer
@gcnabi.12.out.12 = external addrspace(4) global [4 x i16], align 16
@gcnabi.12.in.13 = addrspace(1) global [2 x i64] zeroinitializer
@gcnabi.12.out.13 = external addrspace(4) global [2 x i64], align 16
@gcnabi.12.in.14 = addrspace(1) global { [5 x <2 x float>], half, ptr addrspace(3) } zeroinitializer
@gcnabi.12.out.14 = external addrspace(4) global { [5 x <2 x float>], half, ptr addrspace(3) }, align 16
@gcnabi.12.in.15 = addrspace(1) global float zeroinitializer
@gcnabi.12.out.15 = external addrspace(4) global float, align 16
@gcnabi.12.in.16 = addrspace(1) global <3 x double> zeroinitializer
@gcnabi.12.out.16 = external addrspace(4) global <3 x double>, align 16
@gcnabi.12.in.17 = addrspace(1) global <30 x float> zeroinitializer
@gcnabi.12.out.17 = external addrspace(4) global <30 x float>, align 16
@gcnabi.12.in.18 = addrspace(1) global i128 zeroinitializer
@gcnabi.12.out.18 = external addrspace(4) global i128, align 16
@gcnabi.12.in.19 = addrspace(1) global float zeroinitializer
@gcnabi.12.out.19 = external addrspace(4) global float, align 16
define amdgpu_cs_chain void @gcnabi.12.fn(ptr addrspace(2), <28 x half> inreg, ptr inreg, <{ <2 x float> }>, <8 x double>, <22 x ptr addrspace(6)> inreg, ptr, <4 x i29>, ptr addrspace(2), <8 x i8> inreg, <8 x ptr addrspace(3)>, <3 x half>, [4 x i16] inreg, [2 x i64], { [5 x <2 x float>], half, ptr addrspace(3) } inreg, float, <3 x double> inreg, <30 x float> inreg, i128 inreg, float inreg) {
  store volatile ptr addrspace(2) %0, ptr addrspace(1) @gcnabi.12.in.0
  store volatile <28 x half> %1, ptr addrspace(1) @gcnabi.12.in.1
  store volatile ptr %2, ptr addrspace(1) @gcnabi.12.in.2
  store volatile <{ <2 x float> }> %3, ptr addrspace(1) @gcnabi.12.in.3
  store volatile <8 x double> %4, ptr addrspace(1) @gcnabi.12.in.4
  store volatile <22 x ptr addrspace(6)> %5, ptr addrspace(1) @gcnabi.12.in.5
  store volatile ptr %6, ptr addrspace(1) @gcnabi.12.in.6
  store volatile <4 x i29> %7, ptr addrspace(1) @gcnabi.12.in.7
  store volatile ptr addrspace(2) %8, ptr addrspace(1) @gcnabi.12.in.8
  store volatile <8 x i8> %9, ptr addrspace(1) @gcnabi.12.in.9
  store volatile <8 x ptr addrspace(3)> %10, ptr addrspace(1) @gcnabi.12.in.10
  store volatile <3 x half> %11, ptr addrspace(1) @gcnabi.12.in.11
  store volatile [4 x i16] %12, ptr addrspace(1) @gcnabi.12.in.12
  store volatile [2 x i64] %13, ptr addrspace(1) @gcnabi.12.in.13
  store volatile { [5 x <2 x float>], half, ptr addrspace(3) } %14, ptr addrspace(1) @gcnabi.12.in.14
  store volatile float %15, ptr addrspace(1) @gcnabi.12.in.15
  store volatile <3 x double> %16, ptr addrspace(1) @gcnabi.12.in.16
  store volatile <30 x float> %17, ptr addrspace(1) @gcnabi.12.in.17
  store volatile i128 %18, ptr addrspace(1) @gcnabi.12.in.18
  store volatile float %19, ptr addrspace(1) @gcnabi.12.in.19
  ret void
}
declare void @llvm.amdgcn.cs.chain.gcnabi12(ptr, i64, { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float }, { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float }, i32 immarg, ...)
define amdgpu_cs_chain void @gcnabi.12.caller() {
  %gcnabi.o0 = load ptr addrspace(2), ptr addrspace(4) @gcnabi.12.out.0, align 16
  %gcnabi.o1 = load <28 x half>, ptr addrspace(4) @gcnabi.12.out.1, align 16
  %gcnabi.o2 = load ptr, ptr addrspace(4) @gcnabi.12.out.2, align 16
  %gcnabi.o3 = load <{ <2 x float> }>, ptr addrspace(4) @gcnabi.12.out.3, align 16
  %gcnabi.o4 = load <8 x double>, ptr addrspace(4) @gcnabi.12.out.4, align 16
  %gcnabi.o5 = load <22 x ptr addrspace(6)>, ptr addrspace(4) @gcnabi.12.out.5, align 16
  %gcnabi.o6 = load ptr, ptr addrspace(4) @gcnabi.12.out.6, align 16
  %gcnabi.o7 = load <4 x i29>, ptr addrspace(4) @gcnabi.12.out.7, align 16
  %gcnabi.o8 = load ptr addrspace(2), ptr addrspace(4) @gcnabi.12.out.8, align 16
  %gcnabi.o9 = load <8 x i8>, ptr addrspace(4) @gcnabi.12.out.9, align 16
  %gcnabi.o10 = load <8 x ptr addrspace(3)>, ptr addrspace(4) @gcnabi.12.out.10, align 16
  %gcnabi.o11 = load <3 x half>, ptr addrspace(4) @gcnabi.12.out.11, align 16
  %gcnabi.o12 = load [4 x i16], ptr addrspace(4) @gcnabi.12.out.12, align 16
  %gcnabi.o13 = load [2 x i64], ptr addrspace(4) @gcnabi.12.out.13, align 16
  %gcnabi.o14 = load { [5 x <2 x float>], half, ptr addrspace(3) }, ptr addrspace(4) @gcnabi.12.out.14, align 16
  %gcnabi.o15 = load float, ptr addrspace(4) @gcnabi.12.out.15, align 16
  %gcnabi.o16 = load <3 x double>, ptr addrspace(4) @gcnabi.12.out.16, align 16
  %gcnabi.o17 = load <30 x float>, ptr addrspace(4) @gcnabi.12.out.17, align 16
  %gcnabi.o18 = load i128, ptr addrspace(4) @gcnabi.12.out.18, align 16
  %gcnabi.o19 = load float, ptr addrspace(4) @gcnabi.12.out.19, align 16
  %gcnabi.s0 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } poison, <28 x half> %gcnabi.o1, 0
  %gcnabi.s1 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s0, ptr %gcnabi.o2, 1
  %gcnabi.s2 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s1, <22 x ptr addrspace(6)> %gcnabi.o5, 2
  %gcnabi.s3 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s2, <8 x i8> %gcnabi.o9, 3
  %gcnabi.s4 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s3, [4 x i16] %gcnabi.o12, 4
  %gcnabi.s5 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s4, { [5 x <2 x float>], half, ptr addrspace(3) } %gcnabi.o14, 5
  %gcnabi.s6 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s5, <3 x double> %gcnabi.o16, 6
  %gcnabi.s7 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s6, <30 x float> %gcnabi.o17, 7
  %gcnabi.s8 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s7, i128 %gcnabi.o18, 8
  %gcnabi.s9 = insertvalue { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } %gcnabi.s8, float %gcnabi.o19, 9
  %gcnabi.v0 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } poison, ptr addrspace(2) %gcnabi.o0, 0
  %gcnabi.v1 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v0, <{ <2 x float> }> %gcnabi.o3, 1
  %gcnabi.v2 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v1, <8 x double> %gcnabi.o4, 2
  %gcnabi.v3 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v2, ptr %gcnabi.o6, 3
  %gcnabi.v4 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v3, <4 x i29> %gcnabi.o7, 4
  %gcnabi.v5 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v4, ptr addrspace(2) %gcnabi.o8, 5
  %gcnabi.v6 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v5, <8 x ptr addrspace(3)> %gcnabi.o10, 6
  %gcnabi.v7 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v6, <3 x half> %gcnabi.o11, 7
  %gcnabi.v8 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v7, [2 x i64] %gcnabi.o13, 8
  %gcnabi.v9 = insertvalue { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v8, float %gcnabi.o15, 9
  call void (ptr, i64, { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float }, { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float }, i32, ...) @llvm.amdgcn.cs.chain.gcnabi12(ptr @gcnabi.12.fn, i64 -1, { <28 x half>, ptr, <22 x ptr addrspace(6)>, <8 x i8>, [4 x i16], { [5 x <2 x float>], half, ptr addrspace(3) }, <3 x double>, <30 x float>, i128, float } inreg %gcnabi.s9, { ptr addrspace(2), <{ <2 x float> }>, <8 x double>, ptr, <4 x i29>, ptr addrspace(2), <8 x ptr addrspace(3)>, <3 x half>, [2 x i64], float } %gcnabi.v9, i32 0)
  unreachable
}
