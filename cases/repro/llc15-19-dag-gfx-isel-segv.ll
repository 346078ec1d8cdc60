; Reproducer crash-be65572adb (crash, llc 19.1.7, -mcpu=gfx1100, SelectionDAG): crash in 'AMDGPU DAG->DAG Pattern Instruction Selection' at ? (killed by SIGSEGV)
; Signature: declare amdgpu_gfx void @f(i32, i32, double, double, i32, [4 x i8], i32, { double, half, <4 x half> }, <18 x i58>)
; CHECK lines: llc compiles the function and its caller.
; verified by lit with every installed llc, as predicted: lit FAILS with llc 19.1.7 (the llc checked), llc 15.0.6, llc 16.0.6; PASSES with llc 14.0.6, llc 22.1.8 (llc 15.0.6: the run saw the same cause with it; llc 16.0.6: the run saw the same cause with it)
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1100 -verify-machineinstrs -stop-after=finalize-isel %s -o - | FileCheck %s

; CHECK-LABEL: {{^}}name: abi.0.caller{{$}}
; CHECK-LABEL: {{^[.][.][.]$}}

@abi.0.in.0 = addrspace(1) global i32 zeroinitializer
@abi.0.out.0 = external addrspace(4) global i32, align 16
@abi.0.in.1 = addrspace(1) global i32 zeroinitializer
@abi.0.out.1 = external addrspace(4) global i32, align 16
@abi.0.in.2 = addrspace(1) global double zeroinitializer
@abi.0.out.2 = external addrspace(4) global double, align 16
@abi.0.in.3 = addrspace(1) global double zeroinitializer
@abi.0.out.3 = external addrspace(4) global double, align 16
@abi.0.in.4 = addrspace(1) global i32 zeroinitializer
@abi.0.out.4 = external addrspace(4) global i32, align 16
@abi.0.in.5 = addrspace(1) global [4 x i8] zeroinitializer
@abi.0.out.5 = external addrspace(4) global [4 x i8], align 16
@abi.0.in.6 = addrspace(1) global i32 zeroinitializer
@abi.0.out.6 = external addrspace(4) global i32, align 16
@abi.0.in.7 = addrspace(1) global { double, half, <4 x half> } zeroinitializer
@abi.0.out.7 = external addrspace(4) global { double, half, <4 x half> }, align 16
@abi.0.in.8 = addrspace(1) global <18 x i58> zeroinitializer
@abi.0.out.8 = external addrspace(4) global <18 x i58>, align 16
define amdgpu_gfx void @f(i32, i32, double, double, i32, [4 x i8], i32, { double, half, <4 x half> }, <18 x i58>) {
  store volatile i32 %0, i32 addrspace(1)* @abi.0.in.0
  store volatile i32 %1, i32 addrspace(1)* @abi.0.in.1
  store volatile double %2, double addrspace(1)* @abi.0.in.2
  store volatile double %3, double addrspace(1)* @abi.0.in.3
  store volatile i32 %4, i32 addrspace(1)* @abi.0.in.4
  store volatile [4 x i8] %5, [4 x i8] addrspace(1)* @abi.0.in.5
  store volatile i32 %6, i32 addrspace(1)* @abi.0.in.6
  store volatile { double, half, <4 x half> } %7, { double, half, <4 x half> } addrspace(1)* @abi.0.in.7
  store volatile <18 x i58> %8, <18 x i58> addrspace(1)* @abi.0.in.8
  ret void
}
define amdgpu_gfx void @abi.0.caller() {
  %abi.o0 = load i32, i32 addrspace(4)* @abi.0.out.0, align 16
  %abi.o1 = load i32, i32 addrspace(4)* @abi.0.out.1, align 16
  %abi.o2 = load double, double addrspace(4)* @abi.0.out.2, align 16
  %abi.o3 = load double, double addrspace(4)* @abi.0.out.3, align 16
  %abi.o4 = load i32, i32 addrspace(4)* @abi.0.out.4, align 16
  %abi.o5 = load [4 x i8], [4 x i8] addrspace(4)* @abi.0.out.5, align 16
  %abi.o6 = load i32, i32 addrspace(4)* @abi.0.out.6, align 16
  %abi.o7 = load { double, half, <4 x half> }, { double, half, <4 x half> } addrspace(4)* @abi.0.out.7, align 16
  %abi.o8 = load <18 x i58>, <18 x i58> addrspace(4)* @abi.0.out.8, align 16
  call amdgpu_gfx void @f(i32 %abi.o0, i32 %abi.o1, double %abi.o2, double %abi.o3, i32 %abi.o4, [4 x i8] %abi.o5, i32 %abi.o6, { double, half, <4 x half> } %abi.o7, <18 x i58> %abi.o8)
  ret void
}
