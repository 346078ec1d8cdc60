; llc 22 GlobalISel runs out of registers in a whole-wave function
; returning [89 x i32] (make check seed 4242, sig-whole_wave f8 on
; gfx900)
; The module is the one `gcnabi check --final-code` kept, not reduced (the
; run's reduced forms did not fail so).
; verified by hand with lit and every installed llc (7 December 2026): PASSES
; with llc 22.1.8 (the llc checked); FAILS with llc 14.0.6, 15.0.6, 16.0.6 and
; 19.1.7.
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: ran out of registers during register allocation in function


@gcnabi.8.in.0 = addrspace(1) global i32 zeroinitializer
@gcnabi.8.in.1 = addrspace(1) global double zeroinitializer
@gcnabi.8.out.1 = external addrspace(4) global double, align 16
@gcnabi.8.in.2 = addrspace(1) global { double, i32, i32, <24 x i32>, { float, float } } zeroinitializer
@gcnabi.8.out.2 = external addrspace(4) global { double, i32, i32, <24 x i32>, { float, float } }, align 16
@gcnabi.8.in.3 = addrspace(1) global ptr addrspace(1) zeroinitializer
@gcnabi.8.out.3 = external addrspace(4) global ptr addrspace(1), align 16
@gcnabi.8.in.4 = addrspace(1) global i160 zeroinitializer
@gcnabi.8.out.4 = external addrspace(4) global i160, align 16
@gcnabi.8.in.5 = addrspace(1) global i32 zeroinitializer
@gcnabi.8.out.5 = external addrspace(4) global i32, align 16
@gcnabi.8.in.6 = addrspace(1) global [4 x [1 x <32 x i32>]] zeroinitializer
@gcnabi.8.out.6 = external addrspace(4) global [4 x [1 x <32 x i32>]], align 16
@gcnabi.8.in.7 = addrspace(1) global ptr addrspace(1) zeroinitializer
@gcnabi.8.out.7 = external addrspace(4) global ptr addrspace(1), align 16
@gcnabi.8.in.8 = addrspace(1) global i64 zeroinitializer
@gcnabi.8.out.8 = external addrspace(4) global i64, align 16
@gcnabi.8.in.9 = addrspace(1) global ptr addrspace(6) zeroinitializer
@gcnabi.8.out.9 = external addrspace(4) global ptr addrspace(6), align 16
@gcnabi.8.in.10 = addrspace(1) global ptr addrspace(8) zeroinitializer
@gcnabi.8.out.10 = external addrspace(4) global ptr addrspace(8), align 16
@gcnabi.8.in.11 = addrspace(1) global ptr addrspace(5) zeroinitializer
@gcnabi.8.out.11 = external addrspace(4) global ptr addrspace(5), align 16
@gcnabi.8.in.12 = addrspace(1) global i32 zeroinitializer
@gcnabi.8.out.12 = external addrspace(4) global i32, align 16
@gcnabi.8.in.13 = addrspace(1) global <16 x i32> zeroinitializer
@gcnabi.8.out.13 = external addrspace(4) global <16 x i32>, align 16
@gcnabi.8.in.14 = addrspace(1) global float zeroinitializer
@gcnabi.8.out.14 = external addrspace(4) global float, align 16
@gcnabi.8.keep.s = external addrspace(4) global [40 x i32], align 16
@gcnabi.8.keep.v = addrspace(1) global i32 0
@gcnabi.8.kept = addrspace(1) global i32 0
@gcnabi.8.ret = addrspace(1) global [89 x i32] zeroinitializer
@gcnabi.8.res = addrspace(1) global [89 x i32] zeroinitializer
define amdgpu_gfx_whole_wave [89 x i32] @gcnabi.8.fn(i1, double inreg, { double, half, i1, <24 x i32>, { float, float } }, ptr addrspace(1) byref(ptr addrspace(1)) align 4, ptr addrspace(7), ptr addrspace(5) byval(half) align 1, [4 x [1 x <32 x half>]], ptr addrspace(1) inreg, i64 inreg, ptr addrspace(6) inreg, ptr addrspace(8) align 2, ptr addrspace(5), i8, <16 x half>, float) {
  %gcnabi.m0 = zext i1 %0 to i32
  store volatile i32 %gcnabi.m0, ptr addrspace(1) @gcnabi.8.in.0
  store volatile double %1, ptr addrspace(1) @gcnabi.8.in.1
  %gcnabi.m2.0 = extractvalue { double, half, i1, <24 x i32>, { float, float } } %2, 0
  %gcnabi.m2.a0 = insertvalue { double, i32, i32, <24 x i32>, { float, float } } undef, double %gcnabi.m2.0, 0
  %gcnabi.m2.1 = extractvalue { double, half, i1, <24 x i32>, { float, float } } %2, 1
  %gcnabi.m2.1.c.i = bitcast half %gcnabi.m2.1 to i16
  %gcnabi.m2.1.c = zext i16 %gcnabi.m2.1.c.i to i32
  %gcnabi.m2.a1 = insertvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.m2.a0, i32 %gcnabi.m2.1.c, 1
  %gcnabi.m2.2 = extractvalue { double, half, i1, <24 x i32>, { float, float } } %2, 2
  %gcnabi.m2.2.c = zext i1 %gcnabi.m2.2 to i32
  %gcnabi.m2.a2 = insertvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.m2.a1, i32 %gcnabi.m2.2.c, 2
  %gcnabi.m2.3 = extractvalue { double, half, i1, <24 x i32>, { float, float } } %2, 3
  %gcnabi.m2.a3 = insertvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.m2.a2, <24 x i32> %gcnabi.m2.3, 3
  %gcnabi.m2.4 = extractvalue { double, half, i1, <24 x i32>, { float, float } } %2, 4
  %gcnabi.m2 = insertvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.m2.a3, { float, float } %gcnabi.m2.4, 4
  store volatile { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.m2, ptr addrspace(1) @gcnabi.8.in.2
  store volatile ptr addrspace(1) %3, ptr addrspace(1) @gcnabi.8.in.3
  %gcnabi.v4 = ptrtoint ptr addrspace(7) %4 to i160
  store volatile i160 %gcnabi.v4, ptr addrspace(1) @gcnabi.8.in.4
  %gcnabi.v5 = load half, ptr addrspace(5) %5
  %gcnabi.m5.i = bitcast half %gcnabi.v5 to i16
  %gcnabi.m5 = zext i16 %gcnabi.m5.i to i32
  store volatile i32 %gcnabi.m5, ptr addrspace(1) @gcnabi.8.in.5
  %gcnabi.m6.0 = extractvalue [4 x [1 x <32 x half>]] %6, 0
  %gcnabi.m6.0.c.0 = extractvalue [1 x <32 x half>] %gcnabi.m6.0, 0
  %gcnabi.m6.0.c.0.c.i = bitcast <32 x half> %gcnabi.m6.0.c.0 to <32 x i16>
  %gcnabi.m6.0.c.0.c = zext <32 x i16> %gcnabi.m6.0.c.0.c.i to <32 x i32>
  %gcnabi.m6.0.c = insertvalue [1 x <32 x i32>] undef, <32 x i32> %gcnabi.m6.0.c.0.c, 0
  %gcnabi.m6.a0 = insertvalue [4 x [1 x <32 x i32>]] undef, [1 x <32 x i32>] %gcnabi.m6.0.c, 0
  %gcnabi.m6.1 = extractvalue [4 x [1 x <32 x half>]] %6, 1
  %gcnabi.m6.1.c.0 = extractvalue [1 x <32 x half>] %gcnabi.m6.1, 0
  %gcnabi.m6.1.c.0.c.i = bitcast <32 x half> %gcnabi.m6.1.c.0 to <32 x i16>
  %gcnabi.m6.1.c.0.c = zext <32 x i16> %gcnabi.m6.1.c.0.c.i to <32 x i32>
  %gcnabi.m6.1.c = insertvalue [1 x <32 x i32>] undef, <32 x i32> %gcnabi.m6.1.c.0.c, 0
  %gcnabi.m6.a1 = insertvalue [4 x [1 x <32 x i32>]] %gcnabi.m6.a0, [1 x <32 x i32>] %gcnabi.m6.1.c, 1
  %gcnabi.m6.2 = extractvalue [4 x [1 x <32 x half>]] %6, 2
  %gcnabi.m6.2.c.0 = extractvalue [1 x <32 x half>] %gcnabi.m6.2, 0
  %gcnabi.m6.2.c.0.c.i = bitcast <32 x half> %gcnabi.m6.2.c.0 to <32 x i16>
  %gcnabi.m6.2.c.0.c = zext <32 x i16> %gcnabi.m6.2.c.0.c.i to <32 x i32>
  %gcnabi.m6.2.c = insertvalue [1 x <32 x i32>] undef, <32 x i32> %gcnabi.m6.2.c.0.c, 0
  %gcnabi.m6.a2 = insertvalue [4 x [1 x <32 x i32>]] %gcnabi.m6.a1, [1 x <32 x i32>] %gcnabi.m6.2.c, 2
  %gcnabi.m6.3 = extractvalue [4 x [1 x <32 x half>]] %6, 3
  %gcnabi.m6.3.c.0 = extractvalue [1 x <32 x half>] %gcnabi.m6.3, 0
  %gcnabi.m6.3.c.0.c.i = bitcast <32 x half> %gcnabi.m6.3.c.0 to <32 x i16>
  %gcnabi.m6.3.c.0.c = zext <32 x i16> %gcnabi.m6.3.c.0.c.i to <32 x i32>
  %gcnabi.m6.3.c = insertvalue [1 x <32 x i32>] undef, <32 x i32> %gcnabi.m6.3.c.0.c, 0
  %gcnabi.m6 = insertvalue [4 x [1 x <32 x i32>]] %gcnabi.m6.a2, [1 x <32 x i32>] %gcnabi.m6.3.c, 3
  store volatile [4 x [1 x <32 x i32>]] %gcnabi.m6, ptr addrspace(1) @gcnabi.8.in.6
  store volatile ptr addrspace(1) %7, ptr addrspace(1) @gcnabi.8.in.7
  store volatile i64 %8, ptr addrspace(1) @gcnabi.8.in.8
  store volatile ptr addrspace(6) %9, ptr addrspace(1) @gcnabi.8.in.9
  store volatile ptr addrspace(8) %10, ptr addrspace(1) @gcnabi.8.in.10
  store volatile ptr addrspace(5) %11, ptr addrspace(1) @gcnabi.8.in.11
  %gcnabi.m12 = zext i8 %12 to i32
  store volatile i32 %gcnabi.m12, ptr addrspace(1) @gcnabi.8.in.12
  %gcnabi.m13.i = bitcast <16 x half> %13 to <16 x i16>
  %gcnabi.m13 = zext <16 x i16> %gcnabi.m13.i to <16 x i32>
  store volatile <16 x i32> %gcnabi.m13, ptr addrspace(1) @gcnabi.8.in.13
  store volatile float %14, ptr addrspace(1) @gcnabi.8.in.14
  %gcnabi.r = load [89 x i32], ptr addrspace(1) @gcnabi.8.ret
  ret [89 x i32] %gcnabi.r
}
declare [89 x i32] @llvm.amdgcn.call.whole.wave.gcnabi8(ptr, ...)
define amdgpu_gfx_whole_wave void @gcnabi.8.caller(i1, i32 %gcnabi.lane) {
  %gcnabi.o1 = load double, ptr addrspace(4) @gcnabi.8.out.1, align 16
  %gcnabi.o2.w = load { double, i32, i32, <24 x i32>, { float, float } }, ptr addrspace(4) @gcnabi.8.out.2, align 16
  %gcnabi.o2.0 = extractvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.o2.w, 0
  %gcnabi.o2.a0 = insertvalue { double, half, i1, <24 x i32>, { float, float } } undef, double %gcnabi.o2.0, 0
  %gcnabi.o2.1 = extractvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.o2.w, 1
  %gcnabi.o2.1.c.i = trunc i32 %gcnabi.o2.1 to i16
  %gcnabi.o2.1.c = bitcast i16 %gcnabi.o2.1.c.i to half
  %gcnabi.o2.a1 = insertvalue { double, half, i1, <24 x i32>, { float, float } } %gcnabi.o2.a0, half %gcnabi.o2.1.c, 1
  %gcnabi.o2.2 = extractvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.o2.w, 2
  %gcnabi.o2.2.c = trunc i32 %gcnabi.o2.2 to i1
  %gcnabi.o2.a2 = insertvalue { double, half, i1, <24 x i32>, { float, float } } %gcnabi.o2.a1, i1 %gcnabi.o2.2.c, 2
  %gcnabi.o2.3 = extractvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.o2.w, 3
  %gcnabi.o2.a3 = insertvalue { double, half, i1, <24 x i32>, { float, float } } %gcnabi.o2.a2, <24 x i32> %gcnabi.o2.3, 3
  %gcnabi.o2.4 = extractvalue { double, i32, i32, <24 x i32>, { float, float } } %gcnabi.o2.w, 4
  %gcnabi.o2 = insertvalue { double, half, i1, <24 x i32>, { float, float } } %gcnabi.o2.a3, { float, float } %gcnabi.o2.4, 4
  %gcnabi.o3 = load ptr addrspace(1), ptr addrspace(4) @gcnabi.8.out.3, align 16
  %gcnabi.o4 = load i160, ptr addrspace(4) @gcnabi.8.out.4, align 16
  %gcnabi.p4 = inttoptr i160 %gcnabi.o4 to ptr addrspace(7)
  %gcnabi.o5.w = load i32, ptr addrspace(4) @gcnabi.8.out.5, align 16
  %gcnabi.o5.i = trunc i32 %gcnabi.o5.w to i16
  %gcnabi.o5 = bitcast i16 %gcnabi.o5.i to half
  %gcnabi.8.out.5.copy = alloca half, addrspace(5)
  store half %gcnabi.o5, ptr addrspace(5) %gcnabi.8.out.5.copy
  %gcnabi.o6.w = load [4 x [1 x <32 x i32>]], ptr addrspace(4) @gcnabi.8.out.6, align 16
  %gcnabi.o6.0 = extractvalue [4 x [1 x <32 x i32>]] %gcnabi.o6.w, 0
  %gcnabi.o6.0.c.0 = extractvalue [1 x <32 x i32>] %gcnabi.o6.0, 0
  %gcnabi.o6.0.c.0.c.i = trunc <32 x i32> %gcnabi.o6.0.c.0 to <32 x i16>
  %gcnabi.o6.0.c.0.c = bitcast <32 x i16> %gcnabi.o6.0.c.0.c.i to <32 x half>
  %gcnabi.o6.0.c = insertvalue [1 x <32 x half>] undef, <32 x half> %gcnabi.o6.0.c.0.c, 0
  %gcnabi.o6.a0 = insertvalue [4 x [1 x <32 x half>]] undef, [1 x <32 x half>] %gcnabi.o6.0.c, 0
  %gcnabi.o6.1 = extractvalue [4 x [1 x <32 x i32>]] %gcnabi.o6.w, 1
  %gcnabi.o6.1.c.0 = extractvalue [1 x <32 x i32>] %gcnabi.o6.1, 0
  %gcnabi.o6.1.c.0.c.i = trunc <32 x i32> %gcnabi.o6.1.c.0 to <32 x i16>
  %gcnabi.o6.1.c.0.c = bitcast <32 x i16> %gcnabi.o6.1.c.0.c.i to <32 x half>
  %gcnabi.o6.1.c = insertvalue [1 x <32 x half>] undef, <32 x half> %gcnabi.o6.1.c.0.c, 0
  %gcnabi.o6.a1 = insertvalue [4 x [1 x <32 x half>]] %gcnabi.o6.a0, [1 x <32 x half>] %gcnabi.o6.1.c, 1
  %gcnabi.o6.2 = extractvalue [4 x [1 x <32 x i32>]] %gcnabi.o6.w, 2
  %gcnabi.o6.2.c.0 = extractvalue [1 x <32 x i32>] %gcnabi.o6.2, 0
  %gcnabi.o6.2.c.0.c.i = trunc <32 x i32> %gcnabi.o6.2.c.0 to <32 x i16>
  %gcnabi.o6.2.c.0.c = bitcast <32 x i16> %gcnabi.o6.2.c.0.c.i to <32 x half>
  %gcnabi.o6.2.c = insertvalue [1 x <32 x half>] undef, <32 x half> %gcnabi.o6.2.c.0.c, 0
  %gcnabi.o6.a2 = insertvalue [4 x [1 x <32 x half>]] %gcnabi.o6.a1, [1 x <32 x half>] %gcnabi.o6.2.c, 2
  %gcnabi.o6.3 = extractvalue [4 x [1 x <32 x i32>]] %gcnabi.o6.w, 3
  %gcnabi.o6.3.c.0 = extractvalue [1 x <32 x i32>] %gcnabi.o6.3, 0
  %gcnabi.o6.3.c.0.c.i = trunc <32 x i32> %gcnabi.o6.3.c.0 to <32 x i16>
  %gcnabi.o6.3.c.0.c = bitcast <32 x i16> %gcnabi.o6.3.c.0.c.i to <32 x half>
  %gcnabi.o6.3.c = insertvalue [1 x <32 x half>] undef, <32 x half> %gcnabi.o6.3.c.0.c, 0
  %gcnabi.o6 = insertvalue [4 x [1 x <32 x half>]] %gcnabi.o6.a2, [1 x <32 x half>] %gcnabi.o6.3.c, 3
  %gcnabi.o7 = load ptr addrspace(1), ptr addrspace(4) @gcnabi.8.out.7, align 16
  %gcnabi.o8 = load i64, ptr addrspace(4) @gcnabi.8.out.8, align 16
  %gcnabi.o9 = load ptr addrspace(6), ptr addrspace(4) @gcnabi.8.out.9, align 16
  %gcnabi.o10 = load ptr addrspace(8), ptr addrspace(4) @gcnabi.8.out.10, align 16
  %gcnabi.o11 = load ptr addrspace(5), ptr addrspace(4) @gcnabi.8.out.11, align 16
  %gcnabi.o12.w = load i32, ptr addrspace(4) @gcnabi.8.out.12, align 16
  %gcnabi.o12 = trunc i32 %gcnabi.o12.w to i8
  %gcnabi.o13.w = load <16 x i32>, ptr addrspace(4) @gcnabi.8.out.13, align 16
  %gcnabi.o13.i = trunc <16 x i32> %gcnabi.o13.w to <16 x i16>
  %gcnabi.o13 = bitcast <16 x i16> %gcnabi.o13.i to <16 x half>
  %gcnabi.o14 = load float, ptr addrspace(4) @gcnabi.8.out.14, align 16
  %gcnabi.ks0.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 0
  %gcnabi.ks0 = load i32, ptr addrspace(4) %gcnabi.ks0.a, align 4
  %gcnabi.kv0.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv0 = load volatile i32, ptr addrspace(1) %gcnabi.kv0.a
  %gcnabi.ks1.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 1
  %gcnabi.ks1 = load i32, ptr addrspace(4) %gcnabi.ks1.a, align 4
  %gcnabi.kv1.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv1 = load volatile i32, ptr addrspace(1) %gcnabi.kv1.a
  %gcnabi.ks2.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 2
  %gcnabi.ks2 = load i32, ptr addrspace(4) %gcnabi.ks2.a, align 4
  %gcnabi.kv2.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv2 = load volatile i32, ptr addrspace(1) %gcnabi.kv2.a
  %gcnabi.ks3.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 3
  %gcnabi.ks3 = load i32, ptr addrspace(4) %gcnabi.ks3.a, align 4
  %gcnabi.kv3.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv3 = load volatile i32, ptr addrspace(1) %gcnabi.kv3.a
  %gcnabi.ks4.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 4
  %gcnabi.ks4 = load i32, ptr addrspace(4) %gcnabi.ks4.a, align 4
  %gcnabi.kv4.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv4 = load volatile i32, ptr addrspace(1) %gcnabi.kv4.a
  %gcnabi.ks5.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 5
  %gcnabi.ks5 = load i32, ptr addrspace(4) %gcnabi.ks5.a, align 4
  %gcnabi.kv5.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv5 = load volatile i32, ptr addrspace(1) %gcnabi.kv5.a
  %gcnabi.ks6.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 6
  %gcnabi.ks6 = load i32, ptr addrspace(4) %gcnabi.ks6.a, align 4
  %gcnabi.kv6.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv6 = load volatile i32, ptr addrspace(1) %gcnabi.kv6.a
  %gcnabi.ks7.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 7
  %gcnabi.ks7 = load i32, ptr addrspace(4) %gcnabi.ks7.a, align 4
  %gcnabi.kv7.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv7 = load volatile i32, ptr addrspace(1) %gcnabi.kv7.a
  %gcnabi.ks8.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 8
  %gcnabi.ks8 = load i32, ptr addrspace(4) %gcnabi.ks8.a, align 4
  %gcnabi.kv8.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv8 = load volatile i32, ptr addrspace(1) %gcnabi.kv8.a
  %gcnabi.ks9.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 9
  %gcnabi.ks9 = load i32, ptr addrspace(4) %gcnabi.ks9.a, align 4
  %gcnabi.kv9.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv9 = load volatile i32, ptr addrspace(1) %gcnabi.kv9.a
  %gcnabi.ks10.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 10
  %gcnabi.ks10 = load i32, ptr addrspace(4) %gcnabi.ks10.a, align 4
  %gcnabi.kv10.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv10 = load volatile i32, ptr addrspace(1) %gcnabi.kv10.a
  %gcnabi.ks11.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 11
  %gcnabi.ks11 = load i32, ptr addrspace(4) %gcnabi.ks11.a, align 4
  %gcnabi.kv11.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv11 = load volatile i32, ptr addrspace(1) %gcnabi.kv11.a
  %gcnabi.ks12.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 12
  %gcnabi.ks12 = load i32, ptr addrspace(4) %gcnabi.ks12.a, align 4
  %gcnabi.kv12.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv12 = load volatile i32, ptr addrspace(1) %gcnabi.kv12.a
  %gcnabi.ks13.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 13
  %gcnabi.ks13 = load i32, ptr addrspace(4) %gcnabi.ks13.a, align 4
  %gcnabi.kv13.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv13 = load volatile i32, ptr addrspace(1) %gcnabi.kv13.a
  %gcnabi.ks14.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 14
  %gcnabi.ks14 = load i32, ptr addrspace(4) %gcnabi.ks14.a, align 4
  %gcnabi.kv14.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv14 = load volatile i32, ptr addrspace(1) %gcnabi.kv14.a
  %gcnabi.ks15.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 15
  %gcnabi.ks15 = load i32, ptr addrspace(4) %gcnabi.ks15.a, align 4
  %gcnabi.kv15.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv15 = load volatile i32, ptr addrspace(1) %gcnabi.kv15.a
  %gcnabi.ks16.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 16
  %gcnabi.ks16 = load i32, ptr addrspace(4) %gcnabi.ks16.a, align 4
  %gcnabi.kv16.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv16 = load volatile i32, ptr addrspace(1) %gcnabi.kv16.a
  %gcnabi.ks17.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 17
  %gcnabi.ks17 = load i32, ptr addrspace(4) %gcnabi.ks17.a, align 4
  %gcnabi.kv17.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv17 = load volatile i32, ptr addrspace(1) %gcnabi.kv17.a
  %gcnabi.ks18.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 18
  %gcnabi.ks18 = load i32, ptr addrspace(4) %gcnabi.ks18.a, align 4
  %gcnabi.kv18.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv18 = load volatile i32, ptr addrspace(1) %gcnabi.kv18.a
  %gcnabi.ks19.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 19
  %gcnabi.ks19 = load i32, ptr addrspace(4) %gcnabi.ks19.a, align 4
  %gcnabi.kv19.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv19 = load volatile i32, ptr addrspace(1) %gcnabi.kv19.a
  %gcnabi.ks20.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 20
  %gcnabi.ks20 = load i32, ptr addrspace(4) %gcnabi.ks20.a, align 4
  %gcnabi.kv20.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv20 = load volatile i32, ptr addrspace(1) %gcnabi.kv20.a
  %gcnabi.ks21.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 21
  %gcnabi.ks21 = load i32, ptr addrspace(4) %gcnabi.ks21.a, align 4
  %gcnabi.kv21.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv21 = load volatile i32, ptr addrspace(1) %gcnabi.kv21.a
  %gcnabi.ks22.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 22
  %gcnabi.ks22 = load i32, ptr addrspace(4) %gcnabi.ks22.a, align 4
  %gcnabi.kv22.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv22 = load volatile i32, ptr addrspace(1) %gcnabi.kv22.a
  %gcnabi.ks23.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 23
  %gcnabi.ks23 = load i32, ptr addrspace(4) %gcnabi.ks23.a, align 4
  %gcnabi.kv23.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv23 = load volatile i32, ptr addrspace(1) %gcnabi.kv23.a
  %gcnabi.ks24.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 24
  %gcnabi.ks24 = load i32, ptr addrspace(4) %gcnabi.ks24.a, align 4
  %gcnabi.kv24.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv24 = load volatile i32, ptr addrspace(1) %gcnabi.kv24.a
  %gcnabi.ks25.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 25
  %gcnabi.ks25 = load i32, ptr addrspace(4) %gcnabi.ks25.a, align 4
  %gcnabi.kv25.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv25 = load volatile i32, ptr addrspace(1) %gcnabi.kv25.a
  %gcnabi.ks26.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 26
  %gcnabi.ks26 = load i32, ptr addrspace(4) %gcnabi.ks26.a, align 4
  %gcnabi.kv26.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv26 = load volatile i32, ptr addrspace(1) %gcnabi.kv26.a
  %gcnabi.ks27.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 27
  %gcnabi.ks27 = load i32, ptr addrspace(4) %gcnabi.ks27.a, align 4
  %gcnabi.kv27.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv27 = load volatile i32, ptr addrspace(1) %gcnabi.kv27.a
  %gcnabi.ks28.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 28
  %gcnabi.ks28 = load i32, ptr addrspace(4) %gcnabi.ks28.a, align 4
  %gcnabi.kv28.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv28 = load volatile i32, ptr addrspace(1) %gcnabi.kv28.a
  %gcnabi.ks29.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 29
  %gcnabi.ks29 = load i32, ptr addrspace(4) %gcnabi.ks29.a, align 4
  %gcnabi.kv29.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv29 = load volatile i32, ptr addrspace(1) %gcnabi.kv29.a
  %gcnabi.ks30.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 30
  %gcnabi.ks30 = load i32, ptr addrspace(4) %gcnabi.ks30.a, align 4
  %gcnabi.kv30.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv30 = load volatile i32, ptr addrspace(1) %gcnabi.kv30.a
  %gcnabi.ks31.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 31
  %gcnabi.ks31 = load i32, ptr addrspace(4) %gcnabi.ks31.a, align 4
  %gcnabi.kv31.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv31 = load volatile i32, ptr addrspace(1) %gcnabi.kv31.a
  %gcnabi.ks32.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 32
  %gcnabi.ks32 = load i32, ptr addrspace(4) %gcnabi.ks32.a, align 4
  %gcnabi.kv32.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv32 = load volatile i32, ptr addrspace(1) %gcnabi.kv32.a
  %gcnabi.ks33.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 33
  %gcnabi.ks33 = load i32, ptr addrspace(4) %gcnabi.ks33.a, align 4
  %gcnabi.kv33.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv33 = load volatile i32, ptr addrspace(1) %gcnabi.kv33.a
  %gcnabi.ks34.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 34
  %gcnabi.ks34 = load i32, ptr addrspace(4) %gcnabi.ks34.a, align 4
  %gcnabi.kv34.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv34 = load volatile i32, ptr addrspace(1) %gcnabi.kv34.a
  %gcnabi.ks35.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 35
  %gcnabi.ks35 = load i32, ptr addrspace(4) %gcnabi.ks35.a, align 4
  %gcnabi.kv35.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv35 = load volatile i32, ptr addrspace(1) %gcnabi.kv35.a
  %gcnabi.ks36.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 36
  %gcnabi.ks36 = load i32, ptr addrspace(4) %gcnabi.ks36.a, align 4
  %gcnabi.kv36.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv36 = load volatile i32, ptr addrspace(1) %gcnabi.kv36.a
  %gcnabi.ks37.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 37
  %gcnabi.ks37 = load i32, ptr addrspace(4) %gcnabi.ks37.a, align 4
  %gcnabi.kv37.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv37 = load volatile i32, ptr addrspace(1) %gcnabi.kv37.a
  %gcnabi.ks38.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 38
  %gcnabi.ks38 = load i32, ptr addrspace(4) %gcnabi.ks38.a, align 4
  %gcnabi.kv38.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv38 = load volatile i32, ptr addrspace(1) %gcnabi.kv38.a
  %gcnabi.ks39.a = getelementptr [40 x i32], ptr addrspace(4) @gcnabi.8.keep.s, i32 0, i32 39
  %gcnabi.ks39 = load i32, ptr addrspace(4) %gcnabi.ks39.a, align 4
  %gcnabi.kv39.a = getelementptr i32, ptr addrspace(1) @gcnabi.8.keep.v, i32 %gcnabi.lane
  %gcnabi.kv39 = load volatile i32, ptr addrspace(1) %gcnabi.kv39.a
  %gcnabi.r = call [89 x i32] (ptr, ...) @llvm.amdgcn.call.whole.wave.gcnabi8(ptr @gcnabi.8.fn, double inreg %gcnabi.o1, { double, half, i1, <24 x i32>, { float, float } } %gcnabi.o2, ptr addrspace(1) byref(ptr addrspace(1)) align 4 %gcnabi.o3, ptr addrspace(7) %gcnabi.p4, ptr addrspace(5) byval(half) align 1 %gcnabi.8.out.5.copy, [4 x [1 x <32 x half>]] %gcnabi.o6, ptr addrspace(1) inreg %gcnabi.o7, i64 inreg %gcnabi.o8, ptr addrspace(6) inreg %gcnabi.o9, ptr addrspace(8) align 2 %gcnabi.o10, ptr addrspace(5) %gcnabi.o11, i8 %gcnabi.o12, <16 x half> %gcnabi.o13, float %gcnabi.o14)
  store [89 x i32] %gcnabi.r, ptr addrspace(1) @gcnabi.8.res
  store volatile i32 %gcnabi.ks0, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv0, ptr addrspace(1) %gcnabi.kv0.a
  store volatile i32 %gcnabi.ks1, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv1, ptr addrspace(1) %gcnabi.kv1.a
  store volatile i32 %gcnabi.ks2, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv2, ptr addrspace(1) %gcnabi.kv2.a
  store volatile i32 %gcnabi.ks3, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv3, ptr addrspace(1) %gcnabi.kv3.a
  store volatile i32 %gcnabi.ks4, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv4, ptr addrspace(1) %gcnabi.kv4.a
  store volatile i32 %gcnabi.ks5, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv5, ptr addrspace(1) %gcnabi.kv5.a
  store volatile i32 %gcnabi.ks6, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv6, ptr addrspace(1) %gcnabi.kv6.a
  store volatile i32 %gcnabi.ks7, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv7, ptr addrspace(1) %gcnabi.kv7.a
  store volatile i32 %gcnabi.ks8, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv8, ptr addrspace(1) %gcnabi.kv8.a
  store volatile i32 %gcnabi.ks9, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv9, ptr addrspace(1) %gcnabi.kv9.a
  store volatile i32 %gcnabi.ks10, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv10, ptr addrspace(1) %gcnabi.kv10.a
  store volatile i32 %gcnabi.ks11, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv11, ptr addrspace(1) %gcnabi.kv11.a
  store volatile i32 %gcnabi.ks12, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv12, ptr addrspace(1) %gcnabi.kv12.a
  store volatile i32 %gcnabi.ks13, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv13, ptr addrspace(1) %gcnabi.kv13.a
  store volatile i32 %gcnabi.ks14, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv14, ptr addrspace(1) %gcnabi.kv14.a
  store volatile i32 %gcnabi.ks15, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv15, ptr addrspace(1) %gcnabi.kv15.a
  store volatile i32 %gcnabi.ks16, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv16, ptr addrspace(1) %gcnabi.kv16.a
  store volatile i32 %gcnabi.ks17, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv17, ptr addrspace(1) %gcnabi.kv17.a
  store volatile i32 %gcnabi.ks18, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv18, ptr addrspace(1) %gcnabi.kv18.a
  store volatile i32 %gcnabi.ks19, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv19, ptr addrspace(1) %gcnabi.kv19.a
  store volatile i32 %gcnabi.ks20, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv20, ptr addrspace(1) %gcnabi.kv20.a
  store volatile i32 %gcnabi.ks21, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv21, ptr addrspace(1) %gcnabi.kv21.a
  store volatile i32 %gcnabi.ks22, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv22, ptr addrspace(1) %gcnabi.kv22.a
  store volatile i32 %gcnabi.ks23, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv23, ptr addrspace(1) %gcnabi.kv23.a
  store volatile i32 %gcnabi.ks24, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv24, ptr addrspace(1) %gcnabi.kv24.a
  store volatile i32 %gcnabi.ks25, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv25, ptr addrspace(1) %gcnabi.kv25.a
  store volatile i32 %gcnabi.ks26, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv26, ptr addrspace(1) %gcnabi.kv26.a
  store volatile i32 %gcnabi.ks27, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv27, ptr addrspace(1) %gcnabi.kv27.a
  store volatile i32 %gcnabi.ks28, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv28, ptr addrspace(1) %gcnabi.kv28.a
  store volatile i32 %gcnabi.ks29, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv29, ptr addrspace(1) %gcnabi.kv29.a
  store volatile i32 %gcnabi.ks30, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv30, ptr addrspace(1) %gcnabi.kv30.a
  store volatile i32 %gcnabi.ks31, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv31, ptr addrspace(1) %gcnabi.kv31.a
  store volatile i32 %gcnabi.ks32, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv32, ptr addrspace(1) %gcnabi.kv32.a
  store volatile i32 %gcnabi.ks33, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv33, ptr addrspace(1) %gcnabi.kv33.a
  store volatile i32 %gcnabi.ks34, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv34, ptr addrspace(1) %gcnabi.kv34.a
  store volatile i32 %gcnabi.ks35, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv35, ptr addrspace(1) %gcnabi.kv35.a
  store volatile i32 %gcnabi.ks36, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv36, ptr addrspace(1) %gcnabi.kv36.a
  store volatile i32 %gcnabi.ks37, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv37, ptr addrspace(1) %gcnabi.kv37.a
  store volatile i32 %gcnabi.ks38, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv38, ptr addrspace(1) %gcnabi.kv38.a
  store volatile i32 %gcnabi.ks39, ptr addrspace(1) @gcnabi.8.kept
  store volatile i32 %gcnabi.kv39, ptr addrspace(1) %gcnabi.kv39.a
  ret void
}
