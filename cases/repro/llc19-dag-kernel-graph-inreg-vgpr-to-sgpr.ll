; Reproducer final-code-0f4c190b76 (final-code, llc 19.1.7, -mcpu=gfx1030, SelectionDAG): error: <unknown>:0:0: in function g0.n4: illegal VGPR to SGPR copy
; Signature: a call graph of 2 function(s), 3 line(s), reduced from 13
; From the call graph: declare void @g0.n4({ ptr addrspace(3) }, i31 inreg, <16 x double>, ptr inreg, float inreg, { { { <2 x i32>, double, <8 x i8>, ptr addrspace(4), ptr }, [1 x i32] }, <30 x ptr addrspace(3)> } inreg)
; From the call graph: declare void @g0.n5({ ptr addrspace(3) }, i31 inreg, <16 x double>, ptr inreg, float inreg, { { { <2 x i32>, double, <8 x i8>, ptr addrspace(4), ptr }, [1 x i32] }, <30 x ptr addrspace(3)> } inreg)
; From the call graph: call @g0.n4 -> @g0.n5
; CHECK lines: llc fails on the final code with this error.
; verified by hand with lit and every installed llc (7 December 2026): PASSES with llc 19.1.7
; (the llc checked); FAILS with llc 14.0.6, 15.0.6, 16.0.6 (they compile it) and 22.1.8, which
; fails too, with the machine verifier's "illegal copy from vector register to SGPR"
; (llvm/llvm-project#130443, known above).
; RUN: not llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: illegal VGPR to SGPR copy

@abi.0.in.0 = addrspace(1) global { i8 addrspace(3)* } zeroinitializer
@abi.0.out.0 = external addrspace(4) global { i8 addrspace(3)* }, align 16
@abi.0.in.1 = addrspace(1) global i31 zeroinitializer
@abi.0.out.1 = external addrspace(4) global i31, align 16
@abi.0.in.2 = addrspace(1) global <16 x double> zeroinitializer
@abi.0.out.2 = external addrspace(4) global <16 x double>, align 16
@abi.0.in.3 = addrspace(1) global i8* zeroinitializer
@abi.0.out.3 = external addrspace(4) global i8*, align 16
@abi.0.in.4 = addrspace(1) global float zeroinitializer
@abi.0.out.4 = external addrspace(4) global float, align 16
@abi.0.in.5 = addrspace(1) global { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } zeroinitializer
@abi.0.out.5 = external addrspace(4) global { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> }, align 16

@abi.1.in.0 = addrspace(1) global { i8 addrspace(3)* } zeroinitializer
@abi.1.out.0 = external addrspace(4) global { i8 addrspace(3)* }, align 16
@abi.1.in.1 = addrspace(1) global i31 zeroinitializer
@abi.1.out.1 = external addrspace(4) global i31, align 16
@abi.1.in.2 = addrspace(1) global <16 x double> zeroinitializer
@abi.1.out.2 = external addrspace(4) global <16 x double>, align 16
@abi.1.in.3 = addrspace(1) global i8* zeroinitializer
@abi.1.out.3 = external addrspace(4) global i8*, align 16
@abi.1.in.4 = addrspace(1) global float zeroinitializer
@abi.1.out.4 = external addrspace(4) global float, align 16
@abi.1.in.5 = addrspace(1) global { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } zeroinitializer
@abi.1.out.5 = external addrspace(4) global { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> }, align 16

define void @g0.n4({ i8 addrspace(3)* }, i31 inreg, <16 x double>, i8* inreg, float inreg, { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } inreg) {
  store volatile { i8 addrspace(3)* } %0, { i8 addrspace(3)* } addrspace(1)* @abi.0.in.0
  store volatile i31 %1, i31 addrspace(1)* @abi.0.in.1
  store volatile <16 x double> %2, <16 x double> addrspace(1)* @abi.0.in.2
  store volatile i8* %3, i8* addrspace(1)* @abi.0.in.3
  store volatile float %4, float addrspace(1)* @abi.0.in.4
  store volatile { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } %5, { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } addrspace(1)* @abi.0.in.5
  call void @g0.n5({ i8 addrspace(3)* } %0, i31 inreg %1, <16 x double> %2, i8* inreg %3, float inreg %4, { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } inreg %5)
  ret void
}

define void @g0.n5({ i8 addrspace(3)* }, i31 inreg, <16 x double>, i8* inreg, float inreg, { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } inreg) {
  store volatile { i8 addrspace(3)* } %0, { i8 addrspace(3)* } addrspace(1)* @abi.1.in.0
  store volatile i31 %1, i31 addrspace(1)* @abi.1.in.1
  store volatile <16 x double> %2, <16 x double> addrspace(1)* @abi.1.in.2
  store volatile i8* %3, i8* addrspace(1)* @abi.1.in.3
  store volatile float %4, float addrspace(1)* @abi.1.in.4
  store volatile { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } %5, { { { <2 x i32>, double, <8 x i8>, i8 addrspace(4)*, i8* }, [1 x i32] }, <30 x i8 addrspace(3)*> } addrspace(1)* @abi.1.in.5
  ret void
}
