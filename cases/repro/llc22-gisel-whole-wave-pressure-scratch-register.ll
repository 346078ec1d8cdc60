; llc 22 GlobalISel finds no free scratch SGPR in a whole-wave function
; (make check seed 31337, sig-whole_wave f0 on gfx900: a byval, a byref
; and many other arguments; SelectionDAG fails so on a smaller one,
; llc22-dag-whole-wave-pressure-scratch-register.ll). The module is the
; one `gcnabi check --final-code` kept, not reduced: llvm-reduce's smaller
; forms compile.
; verified by hand with lit and every installed llc (7 December 2026):
; PASSES with llc 22.1.8; FAILS with llc 14.0.6-19.1.7 (they do not know
; amdgpu_gfx_whole_wave).
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: LLVM ERROR: failed to find free scratch register

@gcnabi.0.in.0 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.in.1 = addrspace(1) global { [4 x i32], ptr, i128, <16 x float>, float } zeroinitializer
@gcnabi.0.out.1 = external addrspace(4) global { [4 x i32], ptr, i128, <16 x float>, float }, align 16
@gcnabi.0.in.2 = addrspace(1) global ptr addrspace(2) zeroinitializer
@gcnabi.0.out.2 = external addrspace(4) global ptr addrspace(2), align 16
@gcnabi.0.in.3 = addrspace(1) global double zeroinitializer
@gcnabi.0.out.3 = external addrspace(4) global double, align 16
@gcnabi.0.in.4 = addrspace(1) global i128 zeroinitializer
@gcnabi.0.out.4 = external addrspace(4) global i128, align 16
@gcnabi.0.in.5 = addrspace(1) global double zeroinitializer
@gcnabi.0.out.5 = external addrspace(4) global double, align 16
@gcnabi.0.in.6 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.6 = external addrspace(4) global i32, align 16
@gcnabi.0.in.7 = addrspace(1) global ptr addrspace(4) zeroinitializer
@gcnabi.0.out.7 = external addrspace(4) global ptr addrspace(4), align 16
@gcnabi.0.in.8 = addrspace(1) global float zeroinitializer
@gcnabi.0.out.8 = external addrspace(4) global float, align 16
@gcnabi.0.in.9 = addrspace(1) global i64 zeroinitializer
@gcnabi.0.out.9 = external addrspace(4) global i64, align 16
@gcnabi.0.in.10 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.10 = external addrspace(4) global i32, align 16
@gcnabi.0.in.11 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.11 = external addrspace(4) global i32, align 16
@gcnabi.0.in.12 = addrspace(1) global ptr addrspace(8) zeroinitializer
@gcnabi.0.out.12 = external addrspace(4) global ptr addrspace(8), align 16
@gcnabi.0.in.13 = addrspace(1) global <32 x i32> zeroinitializer
@gcnabi.0.out.13 = external addrspace(4) global <32 x i32>, align 16
@gcnabi.0.in.14 = addrspace(1) global float zeroinitializer
@gcnabi.0.out.14 = external addrspace(4) global float, align 16
@gcnabi.0.in.15 = addrspace(1) global ptr addrspace(5) zeroinitializer
@gcnabi.0.out.15 = external addrspace(4) global ptr addrspace(5), align 16
@gcnabi.0.in.16 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.16 = external addrspace(4) global i32, align 16
@gcnabi.0.in.17 = addrspace(1) global <15 x float> zeroinitializer
@gcnabi.0.out.17 = external addrspace(4) global <15 x float>, align 16
@gcnabi.0.in.18 = addrspace(1) global { i32, ptr addrspace(2), float, float, i96 } zeroinitializer
@gcnabi.0.out.18 = external addrspace(4) global { i32, ptr addrspace(2), float, float, i96 }, align 16
@gcnabi.0.in.19 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.19 = external addrspace(4) global i32, align 16
@gcnabi.0.in.20 = addrspace(1) global [1 x <3 x i32>] zeroinitializer
@gcnabi.0.out.20 = external addrspace(4) global [1 x <3 x i32>], align 16
@gcnabi.0.in.21 = addrspace(1) global float zeroinitializer
@gcnabi.0.out.21 = external addrspace(4) global float, align 16
@gcnabi.0.in.22 = addrspace(1) global <8 x double> zeroinitializer
@gcnabi.0.out.22 = external addrspace(4) global <8 x double>, align 16
@gcnabi.0.in.23 = addrspace(1) global [5 x float] zeroinitializer
@gcnabi.0.out.23 = external addrspace(4) global [5 x float], align 16
@gcnabi.0.in.24 = addrspace(1) global <32 x i32> zeroinitializer
@gcnabi.0.out.24 = external addrspace(4) global <32 x i32>, align 16
@gcnabi.0.in.25 = addrspace(1) global ptr addrspace(3) zeroinitializer
@gcnabi.0.out.25 = external addrspace(4) global ptr addrspace(3), align 16
@gcnabi.0.in.26 = addrspace(1) global ptr addrspace(8) zeroinitializer
@gcnabi.0.out.26 = external addrspace(4) global ptr addrspace(8), align 16
@gcnabi.0.in.27 = addrspace(1) global [1 x i128] zeroinitializer
@gcnabi.0.out.27 = external addrspace(4) global [1 x i128], align 16
@gcnabi.0.in.28 = addrspace(1) global ptr addrspace(2) zeroinitializer
@gcnabi.0.out.28 = external addrspace(4) global ptr addrspace(2), align 16
@gcnabi.0.in.29 = addrspace(1) global ptr addrspace(1) zeroinitializer
@gcnabi.0.out.29 = external addrspace(4) global ptr addrspace(1), align 16
@gcnabi.0.in.30 = addrspace(1) global float zeroinitializer
@gcnabi.0.out.30 = external addrspace(4) global float, align 16
@gcnabi.0.in.31 = addrspace(1) global <9 x float> zeroinitializer
@gcnabi.0.out.31 = external addrspace(4) global <9 x float>, align 16
@gcnabi.0.in.32 = addrspace(1) global <16 x i32> zeroinitializer
@gcnabi.0.out.32 = external addrspace(4) global <16 x i32>, align 16
@gcnabi.0.in.33 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.33 = external addrspace(4) global i32, align 16
@gcnabi.0.keep.s = external addrspace(4) global [40 x i32], align 16
@gcnabi.0.keep.v = addrspace(1) global i32 0
@gcnabi.0.kept = addrspace(1) global i32 0
@gcnabi.0.ret = addrspace(1) global <16 x ptr addrspace(2)> zeroinitializer
@gcnabi.0.res = addrspace(1) global <16 x ptr addrspace(2)> zeroinitializer
define amdgpu_gfx_whole_wave <16 x ptr addrspace(2)> @gcnabi.0.fn(i1, ptr addrspace(5) byval({ [4 x half], ptr, i128, <16 x float>, float }), ptr addrspace(2) byref(ptr addrspace(6)) align 4, double, i100, double inreg, i8 signext, ptr addrspace(4) byref(double), float inreg, i33 inreg, i32, i32, ptr addrspace(8) byref(<32 x ptr addrspace(1)>) align 1, <32 x half>, float inreg, ptr addrspace(5) byref(float), i32 inreg, <15 x float>, { i32, ptr addrspace(2), float, float, i93 } inreg, half, [1 x <3 x i11>], float, <8 x double>, [5 x float] inreg, <32 x half> inreg, ptr addrspace(3), ptr addrspace(8), [1 x i125] inreg, ptr addrspace(2) align 1, ptr addrspace(1), float, <9 x float>, <16 x i16>, i8) {
  %gcnabi.m0 = zext i1 %0 to i32
  store volatile i32 %gcnabi.m0, ptr addrspace(1) @gcnabi.0.in.0
  %gcnabi.v1 = load { [4 x half], ptr, i128, <16 x float>, float }, ptr addrspace(5) %1
  %gcnabi.m1.0 = extractvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.v1, 0
  %gcnabi.m1.0.c.0 = extractvalue [4 x half] %gcnabi.m1.0, 0
  %gcnabi.m1.0.c.0.c.i = bitcast half %gcnabi.m1.0.c.0 to i16
  %gcnabi.m1.0.c.0.c = zext i16 %gcnabi.m1.0.c.0.c.i to i32
  %gcnabi.m1.0.c.a0 = insertvalue [4 x i32] undef, i32 %gcnabi.m1.0.c.0.c, 0
  %gcnabi.m1.0.c.1 = extractvalue [4 x half] %gcnabi.m1.0, 1
  %gcnabi.m1.0.c.1.c.i = bitcast half %gcnabi.m1.0.c.1 to i16
  %gcnabi.m1.0.c.1.c = zext i16 %gcnabi.m1.0.c.1.c.i to i32
  %gcnabi.m1.0.c.a1 = insertvalue [4 x i32] %gcnabi.m1.0.c.a0, i32 %gcnabi.m1.0.c.1.c, 1
  %gcnabi.m1.0.c.2 = extractvalue [4 x half] %gcnabi.m1.0, 2
  %gcnabi.m1.0.c.2.c.i = bitcast half %gcnabi.m1.0.c.2 to i16
  %gcnabi.m1.0.c.2.c = zext i16 %gcnabi.m1.0.c.2.c.i to i32
  %gcnabi.m1.0.c.a2 = insertvalue [4 x i32] %gcnabi.m1.0.c.a1, i32 %gcnabi.m1.0.c.2.c, 2
  %gcnabi.m1.0.c.3 = extractvalue [4 x half] %gcnabi.m1.0, 3
  %gcnabi.m1.0.c.3.c.i = bitcast half %gcnabi.m1.0.c.3 to i16
  %gcnabi.m1.0.c.3.c = zext i16 %gcnabi.m1.0.c.3.c.i to i32
  %gcnabi.m1.0.c = insertvalue [4 x i32] %gcnabi.m1.0.c.a2, i32 %gcnabi.m1.0.c.3.c, 3
  %gcnabi.m1.a0 = insertvalue { [4 x i32], ptr, i128, <16 x float>, float } undef, [4 x i32] %gcnabi.m1.0.c, 0
  %gcnabi.m1.1 = extractvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.v1, 1
  %gcnabi.m1.a1 = insertvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.m1.a0, ptr %gcnabi.m1.1, 1
  %gcnabi.m1.2 = extractvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.v1, 2
  %gcnabi.m1.a2 = insertvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.m1.a1, i128 %gcnabi.m1.2, 2
  %gcnabi.m1.3 = extractvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.v1, 3
  %gcnabi.m1.a3 = insertvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.m1.a2, <16 x float> %gcnabi.m1.3, 3
  %gcnabi.m1.4 = extractvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.v1, 4
  %gcnabi.m1 = insertvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.m1.a3, float %gcnabi.m1.4, 4
  store volatile { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.m1, ptr addrspace(1) @gcnabi.0.in.1
  store volatile ptr addrspace(2) %2, ptr addrspace(1) @gcnabi.0.in.2
  store volatile double %3, ptr addrspace(1) @gcnabi.0.in.3
  %gcnabi.m4 = zext i100 %4 to i128
  store volatile i128 %gcnabi.m4, ptr addrspace(1) @gcnabi.0.in.4
  store volatile double %5, ptr addrspace(1) @gcnabi.0.in.5
  %gcnabi.m6 = zext i8 %6 to i32
  store volatile i32 %gcnabi.m6, ptr addrspace(1) @gcnabi.0.in.6
  store volatile ptr addrspace(4) %7, ptr addrspace(1) @gcnabi.0.in.7
  store volatile float %8, ptr addrspace(1) @gcnabi.0.in.8
  %gcnabi.m9 = zext i33 %9 to i64
  store volatile i64 %gcnabi.m9, ptr addrspace(1) @gcnabi.0.in.9
  store volatile i32 %10, ptr addrspace(1) @gcnabi.0.in.10
  store volatile i32 %11, ptr addrspace(1) @gcnabi.0.in.11
  store volatile ptr addrspace(8) %12, ptr addrspace(1) @gcnabi.0.in.12
  %gcnabi.m13.i = bitcast <32 x half> %13 to <32 x i16>
  %gcnabi.m13 = zext <32 x i16> %gcnabi.m13.i to <32 x i32>
  store volatile <32 x i32> %gcnabi.m13, ptr addrspace(1) @gcnabi.0.in.13
  store volatile float %14, ptr addrspace(1) @gcnabi.0.in.14
  store volatile ptr addrspace(5) %15, ptr addrspace(1) @gcnabi.0.in.15
  store volatile i32 %16, ptr addrspace(1) @gcnabi.0.in.16
  store volatile <15 x float> %17, ptr addrspace(1) @gcnabi.0.in.17
  %gcnabi.m18.0 = extractvalue { i32, ptr addrspace(2), float, float, i93 } %18, 0
  %gcnabi.m18.a0 = insertvalue { i32, ptr addrspace(2), float, float, i96 } undef, i32 %gcnabi.m18.0, 0
  %gcnabi.m18.1 = extractvalue { i32, ptr addrspace(2), float, float, i93 } %18, 1
  %gcnabi.m18.a1 = insertvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.m18.a0, ptr addrspace(2) %gcnabi.m18.1, 1
  %gcnabi.m18.2 = extractvalue { i32, ptr addrspace(2), float, float, i93 } %18, 2
  %gcnabi.m18.a2 = insertvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.m18.a1, float %gcnabi.m18.2, 2
  %gcnabi.m18.3 = extractvalue { i32, ptr addrspace(2), float, float, i93 } %18, 3
  %gcnabi.m18.a3 = insertvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.m18.a2, float %gcnabi.m18.3, 3
  %gcnabi.m18.4 = extractvalue { i32, ptr addrspace(2), float, float, i93 } %18, 4
  %gcnabi.m18.4.c = zext i93 %gcnabi.m18.4 to i96
  %gcnabi.m18 = insertvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.m18.a3, i96 %gcnabi.m18.4.c, 4
  store volatile { i32, ptr addrspace(2), float, float, i96 } %gcnabi.m18, ptr addrspace(1) @gcnabi.0.in.18
  %gcnabi.m19.i = bitcast half %19 to i16
  %gcnabi.m19 = zext i16 %gcnabi.m19.i to i32
  store volatile i32 %gcnabi.m19, ptr addrspace(1) @gcnabi.0.in.19
  %gcnabi.m20.0 = extractvalue [1 x <3 x i11>] %20, 0
  %gcnabi.m20.0.c = zext <3 x i11> %gcnabi.m20.0 to <3 x i32>
  %gcnabi.m20 = insertvalue [1 x <3 x i32>] undef, <3 x i32> %gcnabi.m20.0.c, 0
  store volatile [1 x <3 x i32>] %gcnabi.m20, ptr addrspace(1) @gcnabi.0.in.20
  store volatile float %21, ptr addrspace(1) @gcnabi.0.in.21
  store volatile <8 x double> %22, ptr addrspace(1) @gcnabi.0.in.22
  store volatile [5 x float] %23, ptr addrspace(1) @gcnabi.0.in.23
  %gcnabi.m24.i = bitcast <32 x half> %24 to <32 x i16>
  %gcnabi.m24 = zext <32 x i16> %gcnabi.m24.i to <32 x i32>
  store volatile <32 x i32> %gcnabi.m24, ptr addrspace(1) @gcnabi.0.in.24
  store volatile ptr addrspace(3) %25, ptr addrspace(1) @gcnabi.0.in.25
  store volatile ptr addrspace(8) %26, ptr addrspace(1) @gcnabi.0.in.26
  %gcnabi.m27.0 = extractvalue [1 x i125] %27, 0
  %gcnabi.m27.0.c = zext i125 %gcnabi.m27.0 to i128
  %gcnabi.m27 = insertvalue [1 x i128] undef, i128 %gcnabi.m27.0.c, 0
  store volatile [1 x i128] %gcnabi.m27, ptr addrspace(1) @gcnabi.0.in.27
  store volatile ptr addrspace(2) %28, ptr addrspace(1) @gcnabi.0.in.28
  store volatile ptr addrspace(1) %29, ptr addrspace(1) @gcnabi.0.in.29
  store volatile float %30, ptr addrspace(1) @gcnabi.0.in.30
  store volatile <9 x float> %31, ptr addrspace(1) @gcnabi.0.in.31
  %gcnabi.m32 = zext <16 x i16> %32 to <16 x i32>
  store volatile <16 x i32> %gcnabi.m32, ptr addrspace(1) @gcnabi.0.in.32
  %gcnabi.m33 = zext i8 %33 to i32
  store volatile i32 %gcnabi.m33, ptr addrspace(1) @gcnabi.0.in.33
  %gcnabi.r = load <16 x ptr addrspace(2)>, ptr addrspace(1) @gcnabi.0.ret
  ret <16 x ptr addrspace(2)> %gcnabi.r
}
declare <16 x ptr addrspace(2)> @llvm.amdgcn.call.whole.wave.gcnabi0(ptr, ...)
define amdgpu_gfx_whole_wave void @gcnabi.0.caller(i1, i32 %gcnabi.lane) {
  %gcnabi.o1.w = load { [4 x i32], ptr, i128, <16 x float>, float }, ptr addrspace(4) @gcnabi.0.out.1, align 16
  %gcnabi.o1.0 = extractvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.o1.w, 0
  %gcnabi.o1.0.c.0 = extractvalue [4 x i32] %gcnabi.o1.0, 0
  %gcnabi.o1.0.c.0.c.i = trunc i32 %gcnabi.o1.0.c.0 to i16
  %gcnabi.o1.0.c.0.c = bitcast i16 %gcnabi.o1.0.c.0.c.i to half
  %gcnabi.o1.0.c.a0 = insertvalue [4 x half] undef, half %gcnabi.o1.0.c.0.c, 0
  %gcnabi.o1.0.c.1 = extractvalue [4 x i32] %gcnabi.o1.0, 1
  %gcnabi.o1.0.c.1.c.i = trunc i32 %gcnabi.o1.0.c.1 to i16
  %gcnabi.o1.0.c.1.c = bitcast i16 %gcnabi.o1.0.c.1.c.i to half
  %gcnabi.o1.0.c.a1 = insertvalue [4 x half] %gcnabi.o1.0.c.a0, half %gcnabi.o1.0.c.1.c, 1
  %gcnabi.o1.0.c.2 = extractvalue [4 x i32] %gcnabi.o1.0, 2
  %gcnabi.o1.0.c.2.c.i = trunc i32 %gcnabi.o1.0.c.2 to i16
  %gcnabi.o1.0.c.2.c = bitcast i16 %gcnabi.o1.0.c.2.c.i to half
  %gcnabi.o1.0.c.a2 = insertvalue [4 x half] %gcnabi.o1.0.c.a1, half %gcnabi.o1.0.c.2.c, 2
  %gcnabi.o1.0.c.3 = extractvalue [4 x i32] %gcnabi.o1.0, 3
  %gcnabi.o1.0.c.3.c.i = trunc i32 %gcnabi.o1.0.c.3 to i16
  %gcnabi.o1.0.c.3.c = bitcast i16 %gcnabi.o1.0.c.3.c.i to half
  %gcnabi.o1.0.c = insertvalue [4 x half] %gcnabi.o1.0.c.a2, half %gcnabi.o1.0.c.3.c, 3
  %gcnabi.o1.a0 = insertvalue { [4 x half], ptr, i128, <16 x float>, float } undef, [4 x half] %gcnabi.o1.0.c, 0
  %gcnabi.o1.1 = extractvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.o1.w, 1
  %gcnabi.o1.a1 = insertvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.o1.a0, ptr %gcnabi.o1.1, 1
  %gcnabi.o1.2 = extractvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.o1.w, 2
  %gcnabi.o1.a2 = insertvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.o1.a1, i128 %gcnabi.o1.2, 2
  %gcnabi.o1.3 = extractvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.o1.w, 3
  %gcnabi.o1.a3 = insertvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.o1.a2, <16 x float> %gcnabi.o1.3, 3
  %gcnabi.o1.4 = extractvalue { [4 x i32], ptr, i128, <16 x float>, float } %gcnabi.o1.w, 4
  %gcnabi.o1 = insertvalue { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.o1.a3, float %gcnabi.o1.4, 4
  %gcnabi.0.out.1.copy = alloca { [4 x half], ptr, i128, <16 x float>, float }, addrspace(5)
  store { [4 x half], ptr, i128, <16 x float>, float } %gcnabi.o1, ptr addrspace(5) %gcnabi.0.out.1.copy
  %gcnabi.o2 = load ptr addrspace(2), ptr addrspace(4) @gcnabi.0.out.2, align 16
  %gcnabi.o3 = load double, ptr addrspace(4) @gcnabi.0.out.3, align 16
  %gcnabi.o4.w = load i128, ptr addrspace(4) @gcnabi.0.out.4, align 16
  %gcnabi.o4 = trunc i128 %gcnabi.o4.w to i100
  %gcnabi.o5 = load double, ptr addrspace(4) @gcnabi.0.out.5, align 16
  %gcnabi.o6.w = load i32, ptr addrspace(4) @gcnabi.0.out.6, align 16
  %gcnabi.o6 = trunc i32 %gcnabi.o6.w to i8
  %gcnabi.o7 = load ptr addrspace(4), ptr addrspace(4) @gcnabi.0.out.7, align 16
  %gcnabi.o8 = load float, ptr addrspace(4) @gcnabi.0.out.8, align 16
  %gcnabi.o9.w = load i64, ptr addrspace(4) @gcnabi.0.out.9, align 16
  %gcnabi.o9 = trunc i64 %gcnabi.o9.w to i33
  %gcnabi.o10 = load i32, ptr addrspace(4) @gcnabi.0.out.10, align 16
  %gcnabi.o11 = load i32, ptr addrspace(4) @gcnabi.0.out.11, align 16
  %gcnabi.o12 = load ptr addrspace(8), ptr addrspace(4) @gcnabi.0.out.12, align 16
  %gcnabi.o13.w = load <32 x i32>, ptr addrspace(4) @gcnabi.0.out.13, align 16
  %gcnabi.o13.i = trunc <32 x i32> %gcnabi.o13.w to <32 x i16>
  %gcnabi.o13 = bitcast <32 x i16> %gcnabi.o13.i to <32 x half>
  %gcnabi.o14 = load float, ptr addrspace(4) @gcnabi.0.out.14, align 16
  %gcnabi.o15 = load ptr addrspace(5), ptr addrspace(4) @gcnabi.0.out.15, align 16
  %gcnabi.o16 = load i32, ptr addrspace(4) @gcnabi.0.out.16, align 16
  %gcnabi.o17 = load <15 x float>, ptr addrspace(4) @gcnabi.0.out.17, align 16
  %gcnabi.o18.w = load { i32, ptr addrspace(2), float, float, i96 }, ptr addrspace(4) @gcnabi.0.out.18, align 16
  %gcnabi.o18.0 = extractvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.o18.w, 0
  %gcnabi.o18.a0 = insertvalue { i32, ptr addrspace(2), float, float, i93 } undef, i32 %gcnabi.o18.0, 0
  %gcnabi.o18.1 = extractvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.o18.w, 1
  %gcnabi.o18.a1 = insertvalue { i32, ptr addrspace(2), float, float, i93 } %gcnabi.o18.a0, ptr addrspace(2) %gcnabi.o18.1, 1
  %gcnabi.o18.2 = extractvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.o18.w, 2
  %gcnabi.o18.a2 = insertvalue { i32, ptr addrspace(2), float, float, i93 } %gcnabi.o18.a1, float %gcnabi.o18.2, 2
  %gcnabi.o18.3 = extractvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.o18.w, 3
  %gcnabi.o18.a3 = insertvalue { i32, ptr addrspace(2), float, float, i93 } %gcnabi.o18.a2, float %gcnabi.o18.3, 3
  %gcnabi.o18.4 = extractvalue { i32, ptr addrspace(2), float, float, i96 } %gcnabi.o18.w, 4
  %gcnabi.o18.4.c = trunc i96 %gcnabi.o18.4 to i93
  %gcnabi.o18 = insertvalue { i32, ptr addrspace(2), float, float, i93 } %gcnabi.o18.a3, i93 %gcnabi.o18.4.c, 4
  %gcnabi.o19.w = load i32, ptr addrspace(4) @gcnabi.0.out.19, align 16
  %gcnabi.o19.i = trunc i32 %gcnabi.o19.w to i16
  %gcnabi.o19 = bitcast i16 %gcnabi.o19.i to half
  %gcnabi.o20.w = load [1 x <3 x i32>], ptr addrspace(4) @gcnabi.0.out.20, align 16
  %gcnabi.o20.0 = extractvalue [1 x <3 x i32>] %gcnabi.o20.w, 0
  %gcnabi.o20.0.c = trunc <3 x i32> %gcnabi.o20.0 to <3 x i11>
  %gcnabi.o20 = insertvalue [1 x <3 x i11>] undef, <3 x i11> %gcnabi.o20.0.c, 0
  %gcnabi.o21 = load float, ptr addrspace(4) @gcnabi.0.out.21, align 16
  %gcnabi.o22 = load <8 x double>, ptr addrspace(4) @gcnabi.0.out.22, align 16
  %gcnabi.o23 = load [5 x float], ptr addrspace(4) @gcnabi.0.out.23, align 16
  %gcnabi.o24.w = load <32 x i32>, ptr addrspace(4) @gcnabi.0.out.24, align 16
  %gcnabi.o24.i = trunc <32 x i32> %gcnabi.o24.w to <32 x i16>
  %gcnabi.o24 = bitcast <32 x i16> %gcnabi.o24.i to <32 x half>
  %gcnabi.o25 = load ptr addrspace(3), ptr addrspace(4) @gcnabi.0.out.25, align 16
  %gcnabi.o26 = load ptr addrspace(8), ptr addrspace(4) @gcnabi.0.out.26, align 16
  %gcnabi.o27.w = load [1 x i128], ptr addrspace(4) @gcnabi.0.out.27, align 16
  %gcnabi.o27.0 = extractvalue [1 x i128] %gcnabi.o27.w, 0
  %gcnabi.o27.0.c = trunc i128 %gcnabi.o27.0 to i125
  %gcnabi.o27 = insertvalue [1 x i125] undef, i125 %gcnabi.o27.0.c, 0
  %gcnabi.o28 = load ptr addrspace(2), ptr addrspace(4) @gcnabi.0.out.28, align 16
  %gcnabi.o29 = load ptr addrspace(1), ptr addrspace(4) @gcnabi.0.out.29, align 16
  %gcnabi.o30 = load float, ptr addrspace(4) @gcnabi.0.out.30, align 16
  %gcnabi.o31 = load <9 x float>, ptr addrspace(4) @gcnabi.0.out.31, align 16
  %gcnabi.o32.w = load <16 x i32>, ptr addrspace(4) @gcnabi.0.out.32, align 16
  %gcnabi.o32 = trunc <16 x i32> %gcnabi.o32.w to <16 x i16>
  %gcnabi.o33.w = load i32, ptr addrspace(4) @gcnabi.0.out.33, align 16
  %gcnabi.o33 = trunc i32 %gcnabi.o33.w to i8
  %gcnabi.ks0.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 0
  %gcnabi.ks0 = load i32, ptr addrspace(4) %gcnabi.ks0.a, align 4
  %gcnabi.kv0.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv0 = load volatile i32, ptr addrspace(1) %gcnabi.kv0.a
  %gcnabi.ks1.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 1
  %gcnabi.ks1 = load i32, ptr addrspace(4) %gcnabi.ks1.a, align 4
  %gcnabi.kv1.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv1 = load volatile i32, ptr addrspace(1) %gcnabi.kv1.a
  %gcnabi.ks2.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 2
  %gcnabi.ks2 = load i32, ptr addrspace(4) %gcnabi.ks2.a, align 4
  %gcnabi.kv2.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv2 = load volatile i32, ptr addrspace(1) %gcnabi.kv2.a
  %gcnabi.ks3.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 3
  %gcnabi.ks3 = load i32, ptr addrspace(4) %gcnabi.ks3.a, align 4
  %gcnabi.kv3.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv3 = load volatile i32, ptr addrspace(1) %gcnabi.kv3.a
  %gcnabi.ks4.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 4
  %gcnabi.ks4 = load i32, ptr addrspace(4) %gcnabi.ks4.a, align 4
  %gcnabi.kv4.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv4 = load volatile i32, ptr addrspace(1) %gcnabi.kv4.a
  %gcnabi.ks5.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 5
  %gcnabi.ks5 = load i32, ptr addrspace(4) %gcnabi.ks5.a, align 4
  %gcnabi.kv5.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv5 = load volatile i32, ptr addrspace(1) %gcnabi.kv5.a
  %gcnabi.ks6.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 6
  %gcnabi.ks6 = load i32, ptr addrspace(4) %gcnabi.ks6.a, align 4
  %gcnabi.kv6.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv6 = load volatile i32, ptr addrspace(1) %gcnabi.kv6.a
  %gcnabi.ks7.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 7
  %gcnabi.ks7 = load i32, ptr addrspace(4) %gcnabi.ks7.a, align 4
  %gcnabi.kv7.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv7 = load volatile i32, ptr addrspace(1) %gcnabi.kv7.a
  %gcnabi.ks8.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 8
  %gcnabi.ks8 = load i32, ptr addrspace(4) %gcnabi.ks8.a, align 4
  %gcnabi.kv8.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv8 = load volatile i32, ptr addrspace(1) %gcnabi.kv8.a
  %gcnabi.ks9.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 9
  %gcnabi.ks9 = load i32, ptr addrspace(4) %gcnabi.ks9.a, align 4
  %gcnabi.kv9.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv9 = load volatile i32, ptr addrspace(1) %gcnabi.kv9.a
  %gcnabi.ks10.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 10
  %gcnabi.ks10 = load i32, ptr addrspace(4) %gcnabi.ks10.a, align 4
  %gcnabi.kv10.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv10 = load volatile i32, ptr addrspace(1) %gcnabi.kv10.a
  %gcnabi.ks11.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 11
  %gcnabi.ks11 = load i32, ptr addrspace(4) %gcnabi.ks11.a, align 4
  %gcnabi.kv11.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv11 = load volatile i32, ptr addrspace(1) %gcnabi.kv11.a
  %gcnabi.ks12.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 12
  %gcnabi.ks12 = load i32, ptr addrspace(4) %gcnabi.ks12.a, align 4
  %gcnabi.kv12.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv12 = load volatile i32, ptr addrspace(1) %gcnabi.kv12.a
  %gcnabi.ks13.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 13
  %gcnabi.ks13 = load i32, ptr addrspace(4) %gcnabi.ks13.a, align 4
  %gcnabi.kv13.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv13 = load volatile i32, ptr addrspace(1) %gcnabi.kv13.a
  %gcnabi.ks14.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 14
  %gcnabi.ks14 = load i32, ptr addrspace(4) %gcnabi.ks14.a, align 4
  %gcnabi.kv14.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv14 = load volatile i32, ptr addrspace(1) %gcnabi.kv14.a
  %gcnabi.ks15.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 15
  %gcnabi.ks15 = load i32, ptr addrspace(4) %gcnabi.ks15.a, align 4
  %gcnabi.kv15.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv15 = load volatile i32, ptr addrspace(1) %gcnabi.kv15.a
  %gcnabi.ks16.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 16
  %gcnabi.ks16 = load i32, ptr addrspace(4) %gcnabi.ks16.a, align 4
  %gcnabi.kv16.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv16 = load volatile i32, ptr addrspace(1) %gcnabi.kv16.a
  %gcnabi.ks17.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 17
  %gcnabi.ks17 = load i32, ptr addrspace(4) %gcnabi.ks17.a, align 4
  %gcnabi.kv17.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv17 = load volatile i32, ptr addrspace(1) %gcnabi.kv17.a
  %gcnabi.ks18.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 18
  %gcnabi.ks18 = load i32, ptr addrspace(4) %gcnabi.ks18.a, align 4
  %gcnabi.kv18.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv18 = load volatile i32, ptr addrspace(1) %gcnabi.kv18.a
  %gcnabi.ks19.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 19
  %gcnabi.ks19 = load i32, ptr addrspace(4) %gcnabi.ks19.a, align 4
  %gcnabi.kv19.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv19 = load volatile i32, ptr addrspace(1) %gcnabi.kv19.a
  %gcnabi.ks20.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 20
  %gcnabi.ks20 = load i32, ptr addrspace(4) %gcnabi.ks20.a, align 4
  %gcnabi.kv20.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv20 = load volatile i32, ptr addrspace(1) %gcnabi.kv20.a
  %gcnabi.ks21.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 21
  %gcnabi.ks21 = load i32, ptr addrspace(4) %gcnabi.ks21.a, align 4
  %gcnabi.kv21.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv21 = load volatile i32, ptr addrspace(1) %gcnabi.kv21.a
  %gcnabi.ks22.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 22
  %gcnabi.ks22 = load i32, ptr addrspace(4) %gcnabi.ks22.a, align 4
  %gcnabi.kv22.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv22 = load volatile i32, ptr addrspace(1) %gcnabi.kv22.a
  %gcnabi.ks23.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 23
  %gcnabi.ks23 = load i32, ptr addrspace(4) %gcnabi.ks23.a, align 4
  %gcnabi.kv23.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv23 = load volatile i32, ptr addrspace(1) %gcnabi.kv23.a
  %gcnabi.ks24.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 24
  %gcnabi.ks24 = load i32, ptr addrspace(4) %gcnabi.ks24.a, align 4
  %gcnabi.kv24.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv24 = load volatile i32, ptr addrspace(1) %gcnabi.kv24.a
  %gcnabi.ks25.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 25
  %gcnabi.ks25 = load i32, ptr addrspace(4) %gcnabi.ks25.a, align 4
  %gcnabi.kv25.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv25 = load volatile i32, ptr addrspace(1) %gcnabi.kv25.a
  %gcnabi.ks26.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 26
  %gcnabi.ks26 = load i32, ptr addrspace(4) %gcnabi.ks26.a, align 4
  %gcnabi.kv26.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv26 = load volatile i32, ptr addrspace(1) %gcnabi.kv26.a
  %gcnabi.ks27.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 27
  %gcnabi.ks27 = load i32, ptr addrspace(4) %gcnabi.ks27.a, align 4
  %gcnabi.kv27.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv27 = load volatile i32, ptr addrspace(1) %gcnabi.kv27.a
  %gcnabi.ks28.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 28
  %gcnabi.ks28 = load i32, ptr addrspace(4) %gcnabi.ks28.a, align 4
  %gcnabi.kv28.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv28 = load volatile i32, ptr addrspace(1) %gcnabi.kv28.a
  %gcnabi.ks29.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 29
  %gcnabi.ks29 = load i32, ptr addrspace(4) %gcnabi.ks29.a, align 4
  %gcnabi.kv29.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv29 = load volatile i32, ptr addrspace(1) %gcnabi.kv29.a
  %gcnabi.ks30.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 30
  %gcnabi.ks30 = load i32, ptr addrspace(4) %gcnabi.ks30.a, align 4
  %gcnabi.kv30.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv30 = load volatile i32, ptr addrspace(1) %gcnabi.kv30.a
  %gcnabi.ks31.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 31
  %gcnabi.ks31 = load i32, ptr addrspace(4) %gcnabi.ks31.a, align 4
  %gcnabi.kv31.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv31 = load volatile i32, ptr addrspace(1) %gcnabi.kv31.a
  %gcnabi.ks32.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 32
  %gcnabi.ks32 = load i32, ptr addrspace(4) %gcnabi.ks32.a, align 4
  %gcnabi.kv32.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv32 = load volatile i32, ptr addrspace(1) %gcnabi.kv32.a
  %gcnabi.ks33.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 33
  %gcnabi.ks33 = load i32, ptr addrspace(4) %gcnabi.ks33.a, align 4
  %gcnabi.kv33.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv33 = load volatile i32, ptr addrspace(1) %gcnabi.kv33.a
  %gcnabi.ks34.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 34
  %gcnabi.ks34 = load i32, ptr addrspace(4) %gcnabi.ks34.a, align 4
  %gcnabi.kv34.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv34 = load volatile i32, ptr addrspace(1) %gcnabi.kv34.a
  %gcnabi.ks35.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 35
  %gcnabi.ks35 = load i32, ptr addrspace(4) %gcnabi.ks35.a, align 4
  %gcnabi.kv35.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv35 = load volatile i32, ptr addrspace(1) %gcnabi.kv35.a
  %gcnabi.ks36.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 36
  %gcnabi.ks36 = load i32, ptr addrspace(4) %gcnabi.ks36.a, align 4
  %gcnabi.kv36.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv36 = load volatile i32, ptr addrspace(1) %gcnabi.kv36.a
  %gcnabi.ks37.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 37
  %gcnabi.ks37 = load i32, ptr addrspace(4) %gcnabi.ks37.a, align 4
  %gcnabi.kv37.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv37 = load volatile i32, ptr addrspace(1) %gcnabi.kv37.a
  %gcnabi.ks38.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 38
  %gcnabi.ks38 = load i32, ptr addrspace(4) %gcnabi.ks38.a, align 4
  %gcnabi.kv38.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv38 = load volatile i32, ptr addrspace(1) %gcnabi.kv38.a
  %gcnabi.ks39.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.0.keep.s, i32 0, i32 39
  %gcnabi.ks39 = load i32, ptr addrspace(4) %gcnabi.ks39.a, align 4
  %gcnabi.kv39.a = getelementptr i32, ptr addrspace(1) @gcnabi.0.keep.v, i32 %gcnabi.lane
  %gcnabi.kv39 = load volatile i32, ptr addrspace(1) %gcnabi.kv39.a
  %gcnabi.r = call <16 x ptr addrspace(2)> (ptr, ...) @llvm.amdgcn.call.whole.wave.gcnabi0(ptr @gcnabi.0.fn, ptr addrspace(5) byval({ [4 x half], ptr, i128, <16 x float>, float }) %gcnabi.0.out.1.copy, ptr addrspace(2) byref(ptr addrspace(6)) align 4 %gcnabi.o2, double %gcnabi.o3, i100 %gcnabi.o4, double inreg %gcnabi.o5, i8 signext %gcnabi.o6, ptr addrspace(4) byref(double) %gcnabi.o7, float inreg %gcnabi.o8, i33 inreg %gcnabi.o9, i32 %gcnabi.o10, i32 %gcnabi.o11, ptr addrspace(8) byref(<32 x ptr addrspace(1)>) align 1 %gcnabi.o12, <32 x half> %gcnabi.o13, float inreg %gcnabi.o14, ptr addrspace(5) byref(float) %gcnabi.o15, i32 inreg %gcnabi.o16, <15 x float> %gcnabi.o17, { i32, ptr addrspace(2), float, float, i93 } inreg %gcnabi.o18, half %gcnabi.o19, [1 x <3 x i11>] %gcnabi.o20, float %gcnabi.o21, <8 x double> %gcnabi.o22, [5 x float] inreg %gcnabi.o23, <32 x half> inreg %gcnabi.o24, ptr addrspace(3) %gcnabi.o25, ptr addrspace(8) %gcnabi.o26, [1 x i125] inreg %gcnabi.o27, ptr addrspace(2) align 1 %gcnabi.o28, ptr addrspace(1) %gcnabi.o29, float %gcnabi.o30, <9 x float> %gcnabi.o31, <16 x i16> %gcnabi.o32, i8 %gcnabi.o33)
  store <16 x ptr addrspace(2)> %gcnabi.r, ptr addrspace(1) @gcnabi.0.res
  store volatile i32 %gcnabi.ks0, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv0, ptr addrspace(1) %gcnabi.kv0.a
  store volatile i32 %gcnabi.ks1, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv1, ptr addrspace(1) %gcnabi.kv1.a
  store volatile i32 %gcnabi.ks2, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv2, ptr addrspace(1) %gcnabi.kv2.a
  store volatile i32 %gcnabi.ks3, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv3, ptr addrspace(1) %gcnabi.kv3.a
  store volatile i32 %gcnabi.ks4, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv4, ptr addrspace(1) %gcnabi.kv4.a
  store volatile i32 %gcnabi.ks5, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv5, ptr addrspace(1) %gcnabi.kv5.a
  store volatile i32 %gcnabi.ks6, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv6, ptr addrspace(1) %gcnabi.kv6.a
  store volatile i32 %gcnabi.ks7, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv7, ptr addrspace(1) %gcnabi.kv7.a
  store volatile i32 %gcnabi.ks8, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv8, ptr addrspace(1) %gcnabi.kv8.a
  store volatile i32 %gcnabi.ks9, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv9, ptr addrspace(1) %gcnabi.kv9.a
  store volatile i32 %gcnabi.ks10, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv10, ptr addrspace(1) %gcnabi.kv10.a
  store volatile i32 %gcnabi.ks11, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv11, ptr addrspace(1) %gcnabi.kv11.a
  store volatile i32 %gcnabi.ks12, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv12, ptr addrspace(1) %gcnabi.kv12.a
  store volatile i32 %gcnabi.ks13, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv13, ptr addrspace(1) %gcnabi.kv13.a
  store volatile i32 %gcnabi.ks14, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv14, ptr addrspace(1) %gcnabi.kv14.a
  store volatile i32 %gcnabi.ks15, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv15, ptr addrspace(1) %gcnabi.kv15.a
  store volatile i32 %gcnabi.ks16, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv16, ptr addrspace(1) %gcnabi.kv16.a
  store volatile i32 %gcnabi.ks17, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv17, ptr addrspace(1) %gcnabi.kv17.a
  store volatile i32 %gcnabi.ks18, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv18, ptr addrspace(1) %gcnabi.kv18.a
  store volatile i32 %gcnabi.ks19, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv19, ptr addrspace(1) %gcnabi.kv19.a
  store volatile i32 %gcnabi.ks20, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv20, ptr addrspace(1) %gcnabi.kv20.a
  store volatile i32 %gcnabi.ks21, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv21, ptr addrspace(1) %gcnabi.kv21.a
  store volatile i32 %gcnabi.ks22, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv22, ptr addrspace(1) %gcnabi.kv22.a
  store volatile i32 %gcnabi.ks23, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv23, ptr addrspace(1) %gcnabi.kv23.a
  store volatile i32 %gcnabi.ks24, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv24, ptr addrspace(1) %gcnabi.kv24.a
  store volatile i32 %gcnabi.ks25, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv25, ptr addrspace(1) %gcnabi.kv25.a
  store volatile i32 %gcnabi.ks26, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv26, ptr addrspace(1) %gcnabi.kv26.a
  store volatile i32 %gcnabi.ks27, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv27, ptr addrspace(1) %gcnabi.kv27.a
  store volatile i32 %gcnabi.ks28, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv28, ptr addrspace(1) %gcnabi.kv28.a
  store volatile i32 %gcnabi.ks29, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv29, ptr addrspace(1) %gcnabi.kv29.a
  store volatile i32 %gcnabi.ks30, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv30, ptr addrspace(1) %gcnabi.kv30.a
  store volatile i32 %gcnabi.ks31, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv31, ptr addrspace(1) %gcnabi.kv31.a
  store volatile i32 %gcnabi.ks32, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv32, ptr addrspace(1) %gcnabi.kv32.a
  store volatile i32 %gcnabi.ks33, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv33, ptr addrspace(1) %gcnabi.kv33.a
  store volatile i32 %gcnabi.ks34, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv34, ptr addrspace(1) %gcnabi.kv34.a
  store volatile i32 %gcnabi.ks35, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv35, ptr addrspace(1) %gcnabi.kv35.a
  store volatile i32 %gcnabi.ks36, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv36, ptr addrspace(1) %gcnabi.kv36.a
  store volatile i32 %gcnabi.ks37, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv37, ptr addrspace(1) %gcnabi.kv37.a
  store volatile i32 %gcnabi.ks38, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv38, ptr addrspace(1) %gcnabi.kv38.a
  store volatile i32 %gcnabi.ks39, ptr addrspace(1) @gcnabi.0.kept
  store volatile i32 %gcnabi.kv39, ptr addrspace(1) %gcnabi.kv39.a
  ret void
}
