; llc 22 GlobalISel, the same chain call as
; llc22-chain-sgpr-args-out-of-registers.ll
; The module is the one `gcnabi check --final-code` kept, not reduced (the
; run's reduced forms did not fail so).
; verified by hand with lit and every installed llc (7 December 2026): PASSES
; with llc 22.1.8 (the llc checked); FAILS with llc 14.0.6, 15.0.6, 16.0.6 and
; 19.1.7.
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: ran out of registers during register allocation in function


@gcnabi.4.in.0 = addrspace(1) global <16 x ptr addrspace(8)> zeroinitializer
@gcnabi.4.out.0 = external addrspace(4) global <16 x ptr addrspace(8)>, align 16
@gcnabi.4.in.1 = addrspace(1) global { ptr addrspace(1) } zeroinitializer
@gcnabi.4.out.1 = external addrspace(4) global { ptr addrspace(1) }, align 16
@gcnabi.4.in.2 = addrspace(1) global <8 x i32> zeroinitializer
@gcnabi.4.out.2 = external addrspace(4) global <8 x i32>, align 16
@gcnabi.4.in.3 = addrspace(1) global { float, i64, ptr, i32 } zeroinitializer
@gcnabi.4.out.3 = external addrspace(4) global { float, i64, ptr, i32 }, align 16
@gcnabi.4.in.4 = addrspace(1) global i32 zeroinitializer
@gcnabi.4.out.4 = external addrspace(4) global i32, align 16
@gcnabi.4.in.5 = addrspace(1) global float zeroinitializer
@gcnabi.4.out.5 = external addrspace(4) global float, align 16
@gcnabi.4.in.6 = addrspace(1) global double zeroinitializer
@gcnabi.4.out.6 = external addrspace(4) global double, align 16
@gcnabi.4.in.7 = addrspace(1) global i64 zeroinitializer
@gcnabi.4.out.7 = external addrspace(4) global i64, align 16
@gcnabi.4.in.8 = addrspace(1) global [2 x <4 x i64>] zeroinitializer
@gcnabi.4.out.8 = external addrspace(4) global [2 x <4 x i64>], align 16
@gcnabi.4.in.9 = addrspace(1) global i64 zeroinitializer
@gcnabi.4.out.9 = external addrspace(4) global i64, align 16
@gcnabi.4.in.10 = addrspace(1) global float zeroinitializer
@gcnabi.4.out.10 = external addrspace(4) global float, align 16
@gcnabi.4.in.11 = addrspace(1) global <16 x ptr> zeroinitializer
@gcnabi.4.out.11 = external addrspace(4) global <16 x ptr>, align 16
@gcnabi.4.in.12 = addrspace(1) global <8 x ptr addrspace(8)> zeroinitializer
@gcnabi.4.out.12 = external addrspace(4) global <8 x ptr addrspace(8)>, align 16
@gcnabi.4.in.13 = addrspace(1) global i32 zeroinitializer
@gcnabi.4.out.13 = external addrspace(4) global i32, align 16
@gcnabi.4.in.14 = addrspace(1) global { double, i64 } zeroinitializer
@gcnabi.4.out.14 = external addrspace(4) global { double, i64 }, align 16
@gcnabi.4.in.15 = addrspace(1) global i32 zeroinitializer
@gcnabi.4.out.15 = external addrspace(4) global i32, align 16
@gcnabi.4.in.16 = addrspace(1) global ptr addrspace(4) zeroinitializer
@gcnabi.4.out.16 = external addrspace(4) global ptr addrspace(4), align 16
define amdgpu_cs_chain void @gcnabi.4.fn(<16 x ptr addrspace(8)> inreg, { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16 zeroext, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, <8 x ptr addrspace(8)> inreg, i32, { double, i64 } inreg, half, ptr addrspace(4)) {
  store volatile <16 x ptr addrspace(8)> %0, ptr addrspace(1) @gcnabi.4.in.0
  store volatile { ptr addrspace(1) } %1, ptr addrspace(1) @gcnabi.4.in.1
  store volatile <8 x i32> %2, ptr addrspace(1) @gcnabi.4.in.2
  %gcnabi.m3.0 = extractvalue { float, i64, ptr, i16 } %3, 0
  %gcnabi.m3.a0 = insertvalue { float, i64, ptr, i32 } undef, float %gcnabi.m3.0, 0
  %gcnabi.m3.1 = extractvalue { float, i64, ptr, i16 } %3, 1
  %gcnabi.m3.a1 = insertvalue { float, i64, ptr, i32 } %gcnabi.m3.a0, i64 %gcnabi.m3.1, 1
  %gcnabi.m3.2 = extractvalue { float, i64, ptr, i16 } %3, 2
  %gcnabi.m3.a2 = insertvalue { float, i64, ptr, i32 } %gcnabi.m3.a1, ptr %gcnabi.m3.2, 2
  %gcnabi.m3.3 = extractvalue { float, i64, ptr, i16 } %3, 3
  %gcnabi.m3.3.c = zext i16 %gcnabi.m3.3 to i32
  %gcnabi.m3 = insertvalue { float, i64, ptr, i32 } %gcnabi.m3.a2, i32 %gcnabi.m3.3.c, 3
  store volatile { float, i64, ptr, i32 } %gcnabi.m3, ptr addrspace(1) @gcnabi.4.in.3
  %gcnabi.m4 = zext i16 %4 to i32
  store volatile i32 %gcnabi.m4, ptr addrspace(1) @gcnabi.4.in.4
  store volatile float %5, ptr addrspace(1) @gcnabi.4.in.5
  store volatile double %6, ptr addrspace(1) @gcnabi.4.in.6
  store volatile i64 %7, ptr addrspace(1) @gcnabi.4.in.7
  %gcnabi.m8.0 = extractvalue [2 x <4 x i61>] %8, 0
  %gcnabi.m8.0.c = zext <4 x i61> %gcnabi.m8.0 to <4 x i64>
  %gcnabi.m8.a0 = insertvalue [2 x <4 x i64>] undef, <4 x i64> %gcnabi.m8.0.c, 0
  %gcnabi.m8.1 = extractvalue [2 x <4 x i61>] %8, 1
  %gcnabi.m8.1.c = zext <4 x i61> %gcnabi.m8.1 to <4 x i64>
  %gcnabi.m8 = insertvalue [2 x <4 x i64>] %gcnabi.m8.a0, <4 x i64> %gcnabi.m8.1.c, 1
  store volatile [2 x <4 x i64>] %gcnabi.m8, ptr addrspace(1) @gcnabi.4.in.8
  %gcnabi.m9 = zext i49 %9 to i64
  store volatile i64 %gcnabi.m9, ptr addrspace(1) @gcnabi.4.in.9
  store volatile float %10, ptr addrspace(1) @gcnabi.4.in.10
  store volatile <16 x ptr> %11, ptr addrspace(1) @gcnabi.4.in.11
  store volatile <8 x ptr addrspace(8)> %12, ptr addrspace(1) @gcnabi.4.in.12
  store volatile i32 %13, ptr addrspace(1) @gcnabi.4.in.13
  store volatile { double, i64 } %14, ptr addrspace(1) @gcnabi.4.in.14
  %gcnabi.m15.i = bitcast half %15 to i16
  %gcnabi.m15 = zext i16 %gcnabi.m15.i to i32
  store volatile i32 %gcnabi.m15, ptr addrspace(1) @gcnabi.4.in.15
  store volatile ptr addrspace(4) %16, ptr addrspace(1) @gcnabi.4.in.16
  ret void
}
declare void @llvm.amdgcn.cs.chain.gcnabi4(ptr, i64, { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } }, { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) }, i32 immarg, ...)
define amdgpu_cs_chain void @gcnabi.4.caller() {
  %gcnabi.o0 = load <16 x ptr addrspace(8)>, ptr addrspace(4) @gcnabi.4.out.0, align 16
  %gcnabi.o1 = load { ptr addrspace(1) }, ptr addrspace(4) @gcnabi.4.out.1, align 16
  %gcnabi.o2 = load <8 x i32>, ptr addrspace(4) @gcnabi.4.out.2, align 16
  %gcnabi.o3.w = load { float, i64, ptr, i32 }, ptr addrspace(4) @gcnabi.4.out.3, align 16
  %gcnabi.o3.0 = extractvalue { float, i64, ptr, i32 } %gcnabi.o3.w, 0
  %gcnabi.o3.a0 = insertvalue { float, i64, ptr, i16 } undef, float %gcnabi.o3.0, 0
  %gcnabi.o3.1 = extractvalue { float, i64, ptr, i32 } %gcnabi.o3.w, 1
  %gcnabi.o3.a1 = insertvalue { float, i64, ptr, i16 } %gcnabi.o3.a0, i64 %gcnabi.o3.1, 1
  %gcnabi.o3.2 = extractvalue { float, i64, ptr, i32 } %gcnabi.o3.w, 2
  %gcnabi.o3.a2 = insertvalue { float, i64, ptr, i16 } %gcnabi.o3.a1, ptr %gcnabi.o3.2, 2
  %gcnabi.o3.3 = extractvalue { float, i64, ptr, i32 } %gcnabi.o3.w, 3
  %gcnabi.o3.3.c = trunc i32 %gcnabi.o3.3 to i16
  %gcnabi.o3 = insertvalue { float, i64, ptr, i16 } %gcnabi.o3.a2, i16 %gcnabi.o3.3.c, 3
  %gcnabi.o4.w = load i32, ptr addrspace(4) @gcnabi.4.out.4, align 16
  %gcnabi.o4 = trunc i32 %gcnabi.o4.w to i16
  %gcnabi.o5 = load float, ptr addrspace(4) @gcnabi.4.out.5, align 16
  %gcnabi.o6 = load double, ptr addrspace(4) @gcnabi.4.out.6, align 16
  %gcnabi.o7 = load i64, ptr addrspace(4) @gcnabi.4.out.7, align 16
  %gcnabi.o8.w = load [2 x <4 x i64>], ptr addrspace(4) @gcnabi.4.out.8, align 16
  %gcnabi.o8.0 = extractvalue [2 x <4 x i64>] %gcnabi.o8.w, 0
  %gcnabi.o8.0.c = trunc <4 x i64> %gcnabi.o8.0 to <4 x i61>
  %gcnabi.o8.a0 = insertvalue [2 x <4 x i61>] undef, <4 x i61> %gcnabi.o8.0.c, 0
  %gcnabi.o8.1 = extractvalue [2 x <4 x i64>] %gcnabi.o8.w, 1
  %gcnabi.o8.1.c = trunc <4 x i64> %gcnabi.o8.1 to <4 x i61>
  %gcnabi.o8 = insertvalue [2 x <4 x i61>] %gcnabi.o8.a0, <4 x i61> %gcnabi.o8.1.c, 1
  %gcnabi.o9.w = load i64, ptr addrspace(4) @gcnabi.4.out.9, align 16
  %gcnabi.o9 = trunc i64 %gcnabi.o9.w to i49
  %gcnabi.o10 = load float, ptr addrspace(4) @gcnabi.4.out.10, align 16
  %gcnabi.o11 = load <16 x ptr>, ptr addrspace(4) @gcnabi.4.out.11, align 16
  %gcnabi.o12 = load <8 x ptr addrspace(8)>, ptr addrspace(4) @gcnabi.4.out.12, align 16
  %gcnabi.o13 = load i32, ptr addrspace(4) @gcnabi.4.out.13, align 16
  %gcnabi.o14 = load { double, i64 }, ptr addrspace(4) @gcnabi.4.out.14, align 16
  %gcnabi.o15.w = load i32, ptr addrspace(4) @gcnabi.4.out.15, align 16
  %gcnabi.o15.i = trunc i32 %gcnabi.o15.w to i16
  %gcnabi.o15 = bitcast i16 %gcnabi.o15.i to half
  %gcnabi.o16 = load ptr addrspace(4), ptr addrspace(4) @gcnabi.4.out.16, align 16
  %gcnabi.s0 = insertvalue { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } } poison, <16 x ptr addrspace(8)> %gcnabi.o0, 0
  %gcnabi.s1 = insertvalue { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } } %gcnabi.s0, <8 x ptr addrspace(8)> %gcnabi.o12, 1
  %gcnabi.s2 = insertvalue { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } } %gcnabi.s1, { double, i64 } %gcnabi.o14, 2
  %gcnabi.v0 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } poison, { ptr addrspace(1) } %gcnabi.o1, 0
  %gcnabi.v1 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v0, <8 x i32> %gcnabi.o2, 1
  %gcnabi.v2 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v1, { float, i64, ptr, i16 } %gcnabi.o3, 2
  %gcnabi.v3 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v2, i16 %gcnabi.o4, 3
  %gcnabi.v4 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v3, float %gcnabi.o5, 4
  %gcnabi.v5 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v4, double %gcnabi.o6, 5
  %gcnabi.v6 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v5, i64 %gcnabi.o7, 6
  %gcnabi.v7 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v6, [2 x <4 x i61>] %gcnabi.o8, 7
  %gcnabi.v8 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v7, i49 %gcnabi.o9, 8
  %gcnabi.v9 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v8, float %gcnabi.o10, 9
  %gcnabi.v10 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v9, <16 x ptr> %gcnabi.o11, 10
  %gcnabi.v11 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v10, i32 %gcnabi.o13, 11
  %gcnabi.v12 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v11, half %gcnabi.o15, 12
  %gcnabi.v13 = insertvalue { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v12, ptr addrspace(4) %gcnabi.o16, 13
  call void (ptr, i64, { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } }, { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) }, i32, ...) @llvm.amdgcn.cs.chain.gcnabi4(ptr @gcnabi.4.fn, i64 -1, { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } } inreg %gcnabi.s2, { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) } %gcnabi.v13, i32 0)
  unreachable
}
