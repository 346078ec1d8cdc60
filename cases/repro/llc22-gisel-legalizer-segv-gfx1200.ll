; llc 22 GlobalISel segfaults in the Legalizer on gfx1200 (make check
; seed 4242, sig-002 f128, amdgpu_gfx)
; The module is the one `gcnabi check --final-code` kept, not reduced (the
; run's reduced forms did not fail so).
; verified by hand with lit and every installed llc (7 December 2026): PASSES
; with llc 22.1.8 (the llc checked), and 15.0.6 and 16.0.6 (compiling for
; the generic target: they do not know gfx1200); FAILS with llc 14.0.6 and 19.1.7.
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1200 -global-isel -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: Running pass 'Legalizer'


@gcnabi.28.in.0 = addrspace(1) global ptr addrspace(2) zeroinitializer
@gcnabi.28.out.0 = external addrspace(4) global ptr addrspace(2), align 16
@gcnabi.28.in.1 = addrspace(1) global ptr addrspace(3) zeroinitializer
@gcnabi.28.out.1 = external addrspace(4) global ptr addrspace(3), align 16
@gcnabi.28.in.2 = addrspace(1) global ptr zeroinitializer
@gcnabi.28.out.2 = external addrspace(4) global ptr, align 16
@gcnabi.28.in.3 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.3 = external addrspace(4) global i32, align 16
@gcnabi.28.in.4 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.4 = external addrspace(4) global i32, align 16
@gcnabi.28.in.5 = addrspace(1) global <16 x i64> zeroinitializer
@gcnabi.28.out.5 = external addrspace(4) global <16 x i64>, align 16
@gcnabi.28.in.6 = addrspace(1) global i64 zeroinitializer
@gcnabi.28.out.6 = external addrspace(4) global i64, align 16
@gcnabi.28.in.7 = addrspace(1) global double zeroinitializer
@gcnabi.28.out.7 = external addrspace(4) global double, align 16
@gcnabi.28.in.8 = addrspace(1) global i64 zeroinitializer
@gcnabi.28.out.8 = external addrspace(4) global i64, align 16
@gcnabi.28.in.9 = addrspace(1) global float zeroinitializer
@gcnabi.28.out.9 = external addrspace(4) global float, align 16
@gcnabi.28.in.10 = addrspace(1) global ptr addrspace(8) zeroinitializer
@gcnabi.28.out.10 = external addrspace(4) global ptr addrspace(8), align 16
@gcnabi.28.in.11 = addrspace(1) global <11 x i32> zeroinitializer
@gcnabi.28.out.11 = external addrspace(4) global <11 x i32>, align 16
@gcnabi.28.in.12 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.12 = external addrspace(4) global i32, align 16
@gcnabi.28.in.13 = addrspace(1) global <32 x i32> zeroinitializer
@gcnabi.28.out.13 = external addrspace(4) global <32 x i32>, align 16
@gcnabi.28.in.14 = addrspace(1) global { float, ptr addrspace(3), float, i32 } zeroinitializer
@gcnabi.28.out.14 = external addrspace(4) global { float, ptr addrspace(3), float, i32 }, align 16
@gcnabi.28.in.15 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.15 = external addrspace(4) global i32, align 16
@gcnabi.28.in.16 = addrspace(1) global [1 x { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> }] zeroinitializer
@gcnabi.28.out.16 = external addrspace(4) global [1 x { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> }], align 16
@gcnabi.28.in.17 = addrspace(1) global <2 x double> zeroinitializer
@gcnabi.28.out.17 = external addrspace(4) global <2 x double>, align 16
@gcnabi.28.in.18 = addrspace(1) global <8 x i64> zeroinitializer
@gcnabi.28.out.18 = external addrspace(4) global <8 x i64>, align 16
@gcnabi.28.in.19 = addrspace(1) global double zeroinitializer
@gcnabi.28.out.19 = external addrspace(4) global double, align 16
@gcnabi.28.in.20 = addrspace(1) global double zeroinitializer
@gcnabi.28.out.20 = external addrspace(4) global double, align 16
@gcnabi.28.in.21 = addrspace(1) global { ptr addrspace(6), double } zeroinitializer
@gcnabi.28.out.21 = external addrspace(4) global { ptr addrspace(6), double }, align 16
@gcnabi.28.in.22 = addrspace(1) global float zeroinitializer
@gcnabi.28.out.22 = external addrspace(4) global float, align 16
@gcnabi.28.in.23 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.23 = external addrspace(4) global i32, align 16
@gcnabi.28.in.24 = addrspace(1) global <32 x i64> zeroinitializer
@gcnabi.28.out.24 = external addrspace(4) global <32 x i64>, align 16
@gcnabi.28.in.25 = addrspace(1) global <3 x ptr addrspace(2)> zeroinitializer
@gcnabi.28.out.25 = external addrspace(4) global <3 x ptr addrspace(2)>, align 16
@gcnabi.28.in.26 = addrspace(1) global float zeroinitializer
@gcnabi.28.out.26 = external addrspace(4) global float, align 16
@gcnabi.28.in.27 = addrspace(1) global <2 x float> zeroinitializer
@gcnabi.28.out.27 = external addrspace(4) global <2 x float>, align 16
@gcnabi.28.in.28 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.28 = external addrspace(4) global i32, align 16
@gcnabi.28.in.29 = addrspace(1) global i32 zeroinitializer
@gcnabi.28.out.29 = external addrspace(4) global i32, align 16
@gcnabi.28.ret = addrspace(1) global <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }> zeroinitializer
@gcnabi.28.res = addrspace(1) global <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }> zeroinitializer
define amdgpu_gfx <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }> @gcnabi.28.fn(ptr addrspace(2), ptr addrspace(3), ptr inreg align 16, half inreg, half, <16 x i54>, i64 inreg, double inreg, i44, float, ptr addrspace(8), <11 x i32> inreg, half, <32 x i32>, { float, ptr addrspace(3), float, i1 } inreg, i1, [1 x { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> }] inreg, <2 x double> inreg, <8 x i64>, double inreg, double, { ptr addrspace(6), double } inreg, float inreg, i32, <32 x i64>, ptr addrspace(5) byval(<3 x ptr addrspace(2)>), float, <2 x float> inreg, i1, half) "amdgpu-no-implicitarg-ptr" "amdgpu-no-workgroup-id-y" "amdgpu-no-heap-ptr" "amdgpu-no-completion-action" "amdgpu-no-flat-scratch-init" {
  store volatile ptr addrspace(2) %0, ptr addrspace(1) @gcnabi.28.in.0
  store volatile ptr addrspace(3) %1, ptr addrspace(1) @gcnabi.28.in.1
  store volatile ptr %2, ptr addrspace(1) @gcnabi.28.in.2
  %gcnabi.m3.i = bitcast half %3 to i16
  %gcnabi.m3 = zext i16 %gcnabi.m3.i to i32
  store volatile i32 %gcnabi.m3, ptr addrspace(1) @gcnabi.28.in.3
  %gcnabi.m4.i = bitcast half %4 to i16
  %gcnabi.m4 = zext i16 %gcnabi.m4.i to i32
  store volatile i32 %gcnabi.m4, ptr addrspace(1) @gcnabi.28.in.4
  %gcnabi.m5 = zext <16 x i54> %5 to <16 x i64>
  store volatile <16 x i64> %gcnabi.m5, ptr addrspace(1) @gcnabi.28.in.5
  store volatile i64 %6, ptr addrspace(1) @gcnabi.28.in.6
  store volatile double %7, ptr addrspace(1) @gcnabi.28.in.7
  %gcnabi.m8 = zext i44 %8 to i64
  store volatile i64 %gcnabi.m8, ptr addrspace(1) @gcnabi.28.in.8
  store volatile float %9, ptr addrspace(1) @gcnabi.28.in.9
  store volatile ptr addrspace(8) %10, ptr addrspace(1) @gcnabi.28.in.10
  store volatile <11 x i32> %11, ptr addrspace(1) @gcnabi.28.in.11
  %gcnabi.m12.i = bitcast half %12 to i16
  %gcnabi.m12 = zext i16 %gcnabi.m12.i to i32
  store volatile i32 %gcnabi.m12, ptr addrspace(1) @gcnabi.28.in.12
  store volatile <32 x i32> %13, ptr addrspace(1) @gcnabi.28.in.13
  %gcnabi.m14.0 = extractvalue { float, ptr addrspace(3), float, i1 } %14, 0
  %gcnabi.m14.a0 = insertvalue { float, ptr addrspace(3), float, i32 } undef, float %gcnabi.m14.0, 0
  %gcnabi.m14.1 = extractvalue { float, ptr addrspace(3), float, i1 } %14, 1
  %gcnabi.m14.a1 = insertvalue { float, ptr addrspace(3), float, i32 } %gcnabi.m14.a0, ptr addrspace(3) %gcnabi.m14.1, 1
  %gcnabi.m14.2 = extractvalue { float, ptr addrspace(3), float, i1 } %14, 2
  %gcnabi.m14.a2 = insertvalue { float, ptr addrspace(3), float, i32 } %gcnabi.m14.a1, float %gcnabi.m14.2, 2
  %gcnabi.m14.3 = extractvalue { float, ptr addrspace(3), float, i1 } %14, 3
  %gcnabi.m14.3.c = zext i1 %gcnabi.m14.3 to i32
  %gcnabi.m14 = insertvalue { float, ptr addrspace(3), float, i32 } %gcnabi.m14.a2, i32 %gcnabi.m14.3.c, 3
  store volatile { float, ptr addrspace(3), float, i32 } %gcnabi.m14, ptr addrspace(1) @gcnabi.28.in.14
  %gcnabi.m15 = zext i1 %15 to i32
  store volatile i32 %gcnabi.m15, ptr addrspace(1) @gcnabi.28.in.15
  %gcnabi.m16.0 = extractvalue [1 x { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> }] %16, 0
  %gcnabi.m16.0.c.0 = extractvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0, 0
  %gcnabi.m16.0.c.a0 = insertvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } undef, float %gcnabi.m16.0.c.0, 0
  %gcnabi.m16.0.c.1 = extractvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0, 1
  %gcnabi.m16.0.c.1.c.0 = extractvalue <{ <8 x i16>, float, float, half }> %gcnabi.m16.0.c.1, 0
  %gcnabi.m16.0.c.1.c.0.c = zext <8 x i16> %gcnabi.m16.0.c.1.c.0 to <8 x i32>
  %gcnabi.m16.0.c.1.c.a0 = insertvalue <{ <8 x i32>, float, float, i32 }> undef, <8 x i32> %gcnabi.m16.0.c.1.c.0.c, 0
  %gcnabi.m16.0.c.1.c.1 = extractvalue <{ <8 x i16>, float, float, half }> %gcnabi.m16.0.c.1, 1
  %gcnabi.m16.0.c.1.c.a1 = insertvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.m16.0.c.1.c.a0, float %gcnabi.m16.0.c.1.c.1, 1
  %gcnabi.m16.0.c.1.c.2 = extractvalue <{ <8 x i16>, float, float, half }> %gcnabi.m16.0.c.1, 2
  %gcnabi.m16.0.c.1.c.a2 = insertvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.m16.0.c.1.c.a1, float %gcnabi.m16.0.c.1.c.2, 2
  %gcnabi.m16.0.c.1.c.3 = extractvalue <{ <8 x i16>, float, float, half }> %gcnabi.m16.0.c.1, 3
  %gcnabi.m16.0.c.1.c.3.c.i = bitcast half %gcnabi.m16.0.c.1.c.3 to i16
  %gcnabi.m16.0.c.1.c.3.c = zext i16 %gcnabi.m16.0.c.1.c.3.c.i to i32
  %gcnabi.m16.0.c.1.c = insertvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.m16.0.c.1.c.a2, i32 %gcnabi.m16.0.c.1.c.3.c, 3
  %gcnabi.m16.0.c.a1 = insertvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0.c.a0, <{ <8 x i32>, float, float, i32 }> %gcnabi.m16.0.c.1.c, 1
  %gcnabi.m16.0.c.2 = extractvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0, 2
  %gcnabi.m16.0.c.a2 = insertvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0.c.a1, ptr addrspace(3) %gcnabi.m16.0.c.2, 2
  %gcnabi.m16.0.c.3 = extractvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0, 3
  %gcnabi.m16.0.c = insertvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0.c.a2, <28 x float> %gcnabi.m16.0.c.3, 3
  %gcnabi.m16 = insertvalue [1 x { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> }] undef, { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.m16.0.c, 0
  store volatile [1 x { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> }] %gcnabi.m16, ptr addrspace(1) @gcnabi.28.in.16
  store volatile <2 x double> %17, ptr addrspace(1) @gcnabi.28.in.17
  store volatile <8 x i64> %18, ptr addrspace(1) @gcnabi.28.in.18
  store volatile double %19, ptr addrspace(1) @gcnabi.28.in.19
  store volatile double %20, ptr addrspace(1) @gcnabi.28.in.20
  store volatile { ptr addrspace(6), double } %21, ptr addrspace(1) @gcnabi.28.in.21
  store volatile float %22, ptr addrspace(1) @gcnabi.28.in.22
  store volatile i32 %23, ptr addrspace(1) @gcnabi.28.in.23
  store volatile <32 x i64> %24, ptr addrspace(1) @gcnabi.28.in.24
  %gcnabi.v25 = load <3 x ptr addrspace(2)>, ptr addrspace(5) %25
  store volatile <3 x ptr addrspace(2)> %gcnabi.v25, ptr addrspace(1) @gcnabi.28.in.25
  store volatile float %26, ptr addrspace(1) @gcnabi.28.in.26
  store volatile <2 x float> %27, ptr addrspace(1) @gcnabi.28.in.27
  %gcnabi.m28 = zext i1 %28 to i32
  store volatile i32 %gcnabi.m28, ptr addrspace(1) @gcnabi.28.in.28
  %gcnabi.m29.i = bitcast half %29 to i16
  %gcnabi.m29 = zext i16 %gcnabi.m29.i to i32
  store volatile i32 %gcnabi.m29, ptr addrspace(1) @gcnabi.28.in.29
  %gcnabi.r = load <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }>, ptr addrspace(1) @gcnabi.28.ret
  ret <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }> %gcnabi.r
}
define amdgpu_gfx void @gcnabi.28.caller() {
  %gcnabi.o0 = load ptr addrspace(2), ptr addrspace(4) @gcnabi.28.out.0, align 16
  %gcnabi.o1 = load ptr addrspace(3), ptr addrspace(4) @gcnabi.28.out.1, align 16
  %gcnabi.o2 = load ptr, ptr addrspace(4) @gcnabi.28.out.2, align 16
  %gcnabi.o3.w = load i32, ptr addrspace(4) @gcnabi.28.out.3, align 16
  %gcnabi.o3.i = trunc i32 %gcnabi.o3.w to i16
  %gcnabi.o3 = bitcast i16 %gcnabi.o3.i to half
  %gcnabi.o4.w = load i32, ptr addrspace(4) @gcnabi.28.out.4, align 16
  %gcnabi.o4.i = trunc i32 %gcnabi.o4.w to i16
  %gcnabi.o4 = bitcast i16 %gcnabi.o4.i to half
  %gcnabi.o5.w = load <16 x i64>, ptr addrspace(4) @gcnabi.28.out.5, align 16
  %gcnabi.o5 = trunc <16 x i64> %gcnabi.o5.w to <16 x i54>
  %gcnabi.o6 = load i64, ptr addrspace(4) @gcnabi.28.out.6, align 16
  %gcnabi.o7 = load double, ptr addrspace(4) @gcnabi.28.out.7, align 16
  %gcnabi.o8.w = load i64, ptr addrspace(4) @gcnabi.28.out.8, align 16
  %gcnabi.o8 = trunc i64 %gcnabi.o8.w to i44
  %gcnabi.o9 = load float, ptr addrspace(4) @gcnabi.28.out.9, align 16
  %gcnabi.o10 = load ptr addrspace(8), ptr addrspace(4) @gcnabi.28.out.10, align 16
  %gcnabi.o11 = load <11 x i32>, ptr addrspace(4) @gcnabi.28.out.11, align 16
  %gcnabi.o12.w = load i32, ptr addrspace(4) @gcnabi.28.out.12, align 16
  %gcnabi.o12.i = trunc i32 %gcnabi.o12.w to i16
  %gcnabi.o12 = bitcast i16 %gcnabi.o12.i to half
  %gcnabi.o13 = load <32 x i32>, ptr addrspace(4) @gcnabi.28.out.13, align 16
  %gcnabi.o14.w = load { float, ptr addrspace(3), float, i32 }, ptr addrspace(4) @gcnabi.28.out.14, align 16
  %gcnabi.o14.0 = extractvalue { float, ptr addrspace(3), float, i32 } %gcnabi.o14.w, 0
  %gcnabi.o14.a0 = insertvalue { float, ptr addrspace(3), float, i1 } undef, float %gcnabi.o14.0, 0
  %gcnabi.o14.1 = extractvalue { float, ptr addrspace(3), float, i32 } %gcnabi.o14.w, 1
  %gcnabi.o14.a1 = insertvalue { float, ptr addrspace(3), float, i1 } %gcnabi.o14.a0, ptr addrspace(3) %gcnabi.o14.1, 1
  %gcnabi.o14.2 = extractvalue { float, ptr addrspace(3), float, i32 } %gcnabi.o14.w, 2
  %gcnabi.o14.a2 = insertvalue { float, ptr addrspace(3), float, i1 } %gcnabi.o14.a1, float %gcnabi.o14.2, 2
  %gcnabi.o14.3 = extractvalue { float, ptr addrspace(3), float, i32 } %gcnabi.o14.w, 3
  %gcnabi.o14.3.c = trunc i32 %gcnabi.o14.3 to i1
  %gcnabi.o14 = insertvalue { float, ptr addrspace(3), float, i1 } %gcnabi.o14.a2, i1 %gcnabi.o14.3.c, 3
  %gcnabi.o15.w = load i32, ptr addrspace(4) @gcnabi.28.out.15, align 16
  %gcnabi.o15 = trunc i32 %gcnabi.o15.w to i1
  %gcnabi.o16.w = load [1 x { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> }], ptr addrspace(4) @gcnabi.28.out.16, align 16
  %gcnabi.o16.0 = extractvalue [1 x { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> }] %gcnabi.o16.w, 0
  %gcnabi.o16.0.c.0 = extractvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0, 0
  %gcnabi.o16.0.c.a0 = insertvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } undef, float %gcnabi.o16.0.c.0, 0
  %gcnabi.o16.0.c.1 = extractvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0, 1
  %gcnabi.o16.0.c.1.c.0 = extractvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.o16.0.c.1, 0
  %gcnabi.o16.0.c.1.c.0.c = trunc <8 x i32> %gcnabi.o16.0.c.1.c.0 to <8 x i16>
  %gcnabi.o16.0.c.1.c.a0 = insertvalue <{ <8 x i16>, float, float, half }> undef, <8 x i16> %gcnabi.o16.0.c.1.c.0.c, 0
  %gcnabi.o16.0.c.1.c.1 = extractvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.o16.0.c.1, 1
  %gcnabi.o16.0.c.1.c.a1 = insertvalue <{ <8 x i16>, float, float, half }> %gcnabi.o16.0.c.1.c.a0, float %gcnabi.o16.0.c.1.c.1, 1
  %gcnabi.o16.0.c.1.c.2 = extractvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.o16.0.c.1, 2
  %gcnabi.o16.0.c.1.c.a2 = insertvalue <{ <8 x i16>, float, float, half }> %gcnabi.o16.0.c.1.c.a1, float %gcnabi.o16.0.c.1.c.2, 2
  %gcnabi.o16.0.c.1.c.3 = extractvalue <{ <8 x i32>, float, float, i32 }> %gcnabi.o16.0.c.1, 3
  %gcnabi.o16.0.c.1.c.3.c.i = trunc i32 %gcnabi.o16.0.c.1.c.3 to i16
  %gcnabi.o16.0.c.1.c.3.c = bitcast i16 %gcnabi.o16.0.c.1.c.3.c.i to half
  %gcnabi.o16.0.c.1.c = insertvalue <{ <8 x i16>, float, float, half }> %gcnabi.o16.0.c.1.c.a2, half %gcnabi.o16.0.c.1.c.3.c, 3
  %gcnabi.o16.0.c.a1 = insertvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0.c.a0, <{ <8 x i16>, float, float, half }> %gcnabi.o16.0.c.1.c, 1
  %gcnabi.o16.0.c.2 = extractvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0, 2
  %gcnabi.o16.0.c.a2 = insertvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0.c.a1, ptr addrspace(3) %gcnabi.o16.0.c.2, 2
  %gcnabi.o16.0.c.3 = extractvalue { float, <{ <8 x i32>, float, float, i32 }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0, 3
  %gcnabi.o16.0.c = insertvalue { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0.c.a2, <28 x float> %gcnabi.o16.0.c.3, 3
  %gcnabi.o16 = insertvalue [1 x { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> }] undef, { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> } %gcnabi.o16.0.c, 0
  %gcnabi.o17 = load <2 x double>, ptr addrspace(4) @gcnabi.28.out.17, align 16
  %gcnabi.o18 = load <8 x i64>, ptr addrspace(4) @gcnabi.28.out.18, align 16
  %gcnabi.o19 = load double, ptr addrspace(4) @gcnabi.28.out.19, align 16
  %gcnabi.o20 = load double, ptr addrspace(4) @gcnabi.28.out.20, align 16
  %gcnabi.o21 = load { ptr addrspace(6), double }, ptr addrspace(4) @gcnabi.28.out.21, align 16
  %gcnabi.o22 = load float, ptr addrspace(4) @gcnabi.28.out.22, align 16
  %gcnabi.o23 = load i32, ptr addrspace(4) @gcnabi.28.out.23, align 16
  %gcnabi.o24 = load <32 x i64>, ptr addrspace(4) @gcnabi.28.out.24, align 16
  %gcnabi.o25 = load <3 x ptr addrspace(2)>, ptr addrspace(4) @gcnabi.28.out.25, align 16
  %gcnabi.28.out.25.copy = alloca <3 x ptr addrspace(2)>, addrspace(5)
  store <3 x ptr addrspace(2)> %gcnabi.o25, ptr addrspace(5) %gcnabi.28.out.25.copy
  %gcnabi.o26 = load float, ptr addrspace(4) @gcnabi.28.out.26, align 16
  %gcnabi.o27 = load <2 x float>, ptr addrspace(4) @gcnabi.28.out.27, align 16
  %gcnabi.o28.w = load i32, ptr addrspace(4) @gcnabi.28.out.28, align 16
  %gcnabi.o28 = trunc i32 %gcnabi.o28.w to i1
  %gcnabi.o29.w = load i32, ptr addrspace(4) @gcnabi.28.out.29, align 16
  %gcnabi.o29.i = trunc i32 %gcnabi.o29.w to i16
  %gcnabi.o29 = bitcast i16 %gcnabi.o29.i to half
  %gcnabi.r = call amdgpu_gfx <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }> @gcnabi.28.fn(ptr addrspace(2) %gcnabi.o0, ptr addrspace(3) %gcnabi.o1, ptr inreg align 16 %gcnabi.o2, half inreg %gcnabi.o3, half %gcnabi.o4, <16 x i54> %gcnabi.o5, i64 inreg %gcnabi.o6, double inreg %gcnabi.o7, i44 %gcnabi.o8, float %gcnabi.o9, ptr addrspace(8) %gcnabi.o10, <11 x i32> inreg %gcnabi.o11, half %gcnabi.o12, <32 x i32> %gcnabi.o13, { float, ptr addrspace(3), float, i1 } inreg %gcnabi.o14, i1 %gcnabi.o15, [1 x { float, <{ <8 x i16>, float, float, half }>, ptr addrspace(3), <28 x float> }] inreg %gcnabi.o16, <2 x double> inreg %gcnabi.o17, <8 x i64> %gcnabi.o18, double inreg %gcnabi.o19, double %gcnabi.o20, { ptr addrspace(6), double } inreg %gcnabi.o21, float inreg %gcnabi.o22, i32 %gcnabi.o23, <32 x i64> %gcnabi.o24, ptr addrspace(5) byval(<3 x ptr addrspace(2)>) %gcnabi.28.out.25.copy, float %gcnabi.o26, <2 x float> inreg %gcnabi.o27, i1 %gcnabi.o28, half %gcnabi.o29)
  store <{ ptr addrspace(8), [4 x <16 x ptr addrspace(2)>], <32 x i64>, <6 x float> }> %gcnabi.r, ptr addrspace(1) @gcnabi.28.res
  ret void
}
