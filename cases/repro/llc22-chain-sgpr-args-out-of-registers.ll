; llc 22 SelectionDAG runs out of registers in a chain function's caller
; passing 92 SGPRs of arguments (<16 x ptr addrspace(8)> inreg and more:
; make check seed 4242, sig-chain f4 on gfx900); GlobalISel fails so too
; The module is the one `gcnabi check --final-code` kept, not reduced (the
; run's reduced forms did not fail so).
; verified by hand with lit and every installed llc (7 December 2026): PASSES
; with llc 22.1.8 (the llc checked); FAILS with llc 14.0.6, 15.0.6, 16.0.6 and
; 19.1.7.
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: ran out of registers during register allocation in function


@gcnabi.4.in.0 = addrspace(1) global <16 x ptr addrspace(8)> zeroinitializer
@gcnabi.4.out.0 = external addrspace(4) global <16 x ptr addrspace(8)>, align 16
@gcnabi.4.in.1 = addrspace(1) global { ptr addrspace(1) } zeroinitializer
@gcnabi.4.out.1 = external addrspace(4) global { ptr addrspace(1) }, align 16
@gcnabi.4.in.2 = addrspace(1) global <8 x i32> zeroinitializer
@gcnabi.4.out.2 = external addrspace(4) global <8 x i32>, align 16
@gcnabi.4.in.3 = addrspace(1) global { float, i64, ptr, i16 } zeroinitializer
@gcnabi.4.out.3 = external addrspace(4) global { float, i64, ptr, i16 }, align 16
@gcnabi.4.in.4 = addrspace(1) global i16 zeroinitializer
@gcnabi.4.out.4 = external addrspace(4) global i16, align 16
@gcnabi.4.in.5 = addrspace(1) global float zeroinitializer
@gcnabi.4.out.5 = external addrspace(4) global float, align 16
@gcnabi.4.in.6 = addrspace(1) global double zeroinitializer
@gcnabi.4.out.6 = external addrspace(4) global double, align 16
@gcnabi.4.in.7 = addrspace(1) global i64 zeroinitializer
@gcnabi.4.out.7 = external addrspace(4) global i64, align 16
@gcnabi.4.in.8 = addrspace(1) global [2 x <4 x i61>] zeroinitializer
@gcnabi.4.out.8 = external addrspace(4) global [2 x <4 x i61>], align 16
@gcnabi.4.in.9 = addrspace(1) global i49 zeroinitializer
@gcnabi.4.out.9 = external addrspace(4) global i49, align 16
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
@gcnabi.4.in.15 = addrspace(1) global half zeroinitializer
@gcnabi.4.out.15 = external addrspace(4) global half, align 16
@gcnabi.4.in.16 = addrspace(1) global ptr addrspace(4) zeroinitializer
@gcnabi.4.out.16 = external addrspace(4) global ptr addrspace(4), align 16
define amdgpu_cs_chain void @gcnabi.4.fn(<16 x ptr addrspace(8)> inreg, { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16 zeroext, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, <8 x ptr addrspace(8)> inreg, i32, { double, i64 } inreg, half, ptr addrspace(4)) {
  store volatile <16 x ptr addrspace(8)> %0, ptr addrspace(1) @gcnabi.4.in.0
  store volatile { ptr addrspace(1) } %1, ptr addrspace(1) @gcnabi.4.in.1
  store volatile <8 x i32> %2, ptr addrspace(1) @gcnabi.4.in.2
  store volatile { float, i64, ptr, i16 } %3, ptr addrspace(1) @gcnabi.4.in.3
  store volatile i16 %4, ptr addrspace(1) @gcnabi.4.in.4
  store volatile float %5, ptr addrspace(1) @gcnabi.4.in.5
  store volatile double %6, ptr addrspace(1) @gcnabi.4.in.6
  store volatile i64 %7, ptr addrspace(1) @gcnabi.4.in.7
  store volatile [2 x <4 x i61>] %8, ptr addrspace(1) @gcnabi.4.in.8
  store volatile i49 %9, ptr addrspace(1) @gcnabi.4.in.9
  store volatile float %10, ptr addrspace(1) @gcnabi.4.in.10
  store volatile <16 x ptr> %11, ptr addrspace(1) @gcnabi.4.in.11
  store volatile <8 x ptr addrspace(8)> %12, ptr addrspace(1) @gcnabi.4.in.12
  store volatile i32 %13, ptr addrspace(1) @gcnabi.4.in.13
  store volatile { double, i64 } %14, ptr addrspace(1) @gcnabi.4.in.14
  store volatile half %15, ptr addrspace(1) @gcnabi.4.in.15
  store volatile ptr addrspace(4) %16, ptr addrspace(1) @gcnabi.4.in.16
  ret void
}
declare void @llvm.amdgcn.cs.chain.gcnabi4(ptr, i64, { <16 x ptr addrspace(8)>, <8 x ptr addrspace(8)>, { double, i64 } }, { { ptr addrspace(1) }, <8 x i32>, { float, i64, ptr, i16 }, i16, float, double, i64, [2 x <4 x i61>], i49, float, <16 x ptr>, i32, half, ptr addrspace(4) }, i32 immarg, ...)
define amdgpu_cs_chain void @gcnabi.4.caller() {
  %gcnabi.o0 = load <16 x ptr addrspace(8)>, ptr addrspace(4) @gcnabi.4.out.0, align 16
  %gcnabi.o1 = load { ptr addrspace(1) }, ptr addrspace(4) @gcnabi.4.out.1, align 16
  %gcnabi.o2 = load <8 x i32>, ptr addrspace(4) @gcnabi.4.out.2, align 16
  %gcnabi.o3 = load { float, i64, ptr, i16 }, ptr addrspace(4) @gcnabi.4.out.3, align 16
  %gcnabi.o4 = load i16, ptr addrspace(4) @gcnabi.4.out.4, align 16
  %gcnabi.o5 = load float, ptr addrspace(4) @gcnabi.4.out.5, align 16
  %gcnabi.o6 = load double, ptr addrspace(4) @gcnabi.4.out.6, align 16
  %gcnabi.o7 = load i64, ptr addrspace(4) @gcnabi.4.out.7, align 16
  %gcnabi.o8 = load [2 x <4 x i61>], ptr addrspace(4) @gcnabi.4.out.8, align 16
  %gcnabi.o9 = load i49, ptr addrspace(4) @gcnabi.4.out.9, align 16
  %gcnabi.o10 = load float, ptr addrspace(4) @gcnabi.4.out.10, align 16
  %gcnabi.o11 = load <16 x ptr>, ptr addrspace(4) @gcnabi.4.out.11, align 16
  %gcnabi.o12 = load <8 x ptr addrspace(8)>, ptr addrspace(4) @gcnabi.4.out.12, align 16
  %gcnabi.o13 = load i32, ptr addrspace(4) @gcnabi.4.out.13, align 16
  %gcnabi.o14 = load { double, i64 }, ptr addrspace(4) @gcnabi.4.out.14, align 16
  %gcnabi.o15 = load half, ptr addrspace(4) @gcnabi.4.out.15, align 16
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
