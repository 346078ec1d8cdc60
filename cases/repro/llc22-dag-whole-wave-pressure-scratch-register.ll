; Reproducer final-code-c9ab3a1802 (final-code, llc 22.1.8, -mcpu=gfx900, SelectionDAG): LLVM ERROR: failed to find free scratch register (killed by SIGABRT)
; Signature: declare amdgpu_gfx_whole_wave void @f(i1, double, <24 x ptr addrspace(2)>, { double, half }, { <3 x ptr addrspace(8)>, double, i32, float, i118 } inreg) "gcnabi-pressure"
; CHECK lines: llc fails on the final code with this error.
; verified by lit with every installed llc, as predicted: lit FAILS with llc 14.0.6, llc 15.0.6, llc 16.0.6, llc 19.1.7; PASSES with llc 22.1.8 (the llc checked)
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: LLVM ERROR: failed to find free scratch register

@abi.0.in.0 = addrspace(1) global i1 zeroinitializer
@abi.0.in.1 = addrspace(1) global double zeroinitializer
@abi.0.out.1 = external addrspace(4) global double, align 16
@abi.0.in.2 = addrspace(1) global <24 x i8 addrspace(2)*> zeroinitializer
@abi.0.out.2 = external addrspace(4) global <24 x i8 addrspace(2)*>, align 16
@abi.0.in.3 = addrspace(1) global { double, half } zeroinitializer
@abi.0.out.3 = external addrspace(4) global { double, half }, align 16
@abi.0.in.4 = addrspace(1) global { <3 x i8 addrspace(8)*>, double, i32, float, i118 } zeroinitializer
@abi.0.out.4 = external addrspace(4) global { <3 x i8 addrspace(8)*>, double, i32, float, i118 }, align 16
@abi.0.keep.s = external addrspace(4) global [40 x i32], align 16
@abi.0.keep.v = addrspace(1) global i32 0
@abi.0.kept = addrspace(1) global i32 0
define amdgpu_gfx_whole_wave void @f(i1, double, <24 x i8 addrspace(2)*>, { double, half }, { <3 x i8 addrspace(8)*>, double, i32, float, i118 } inreg) {
  store volatile i1 %0, i1 addrspace(1)* @abi.0.in.0
  store volatile double %1, double addrspace(1)* @abi.0.in.1
  store volatile <24 x i8 addrspace(2)*> %2, <24 x i8 addrspace(2)*> addrspace(1)* @abi.0.in.2
  store volatile { double, half } %3, { double, half } addrspace(1)* @abi.0.in.3
  store volatile { <3 x i8 addrspace(8)*>, double, i32, float, i118 } %4, { <3 x i8 addrspace(8)*>, double, i32, float, i118 } addrspace(1)* @abi.0.in.4
  ret void
}
declare void @llvm.amdgcn.call.whole.wave.gcnabi0(ptr, ...)
define amdgpu_gfx_whole_wave void @abi.0.caller(i1, i32 %abi.lane) {
  %abi.o1 = load double, double addrspace(4)* @abi.0.out.1, align 16
  %abi.o2 = load <24 x i8 addrspace(2)*>, <24 x i8 addrspace(2)*> addrspace(4)* @abi.0.out.2, align 16
  %abi.o3 = load { double, half }, { double, half } addrspace(4)* @abi.0.out.3, align 16
  %abi.o4 = load { <3 x i8 addrspace(8)*>, double, i32, float, i118 }, { <3 x i8 addrspace(8)*>, double, i32, float, i118 } addrspace(4)* @abi.0.out.4, align 16
  %abi.ks0.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 0
  %abi.ks0 = load i32, i32 addrspace(4)* %abi.ks0.a, align 4
  %abi.kv0.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv0 = load volatile i32, i32 addrspace(1)* %abi.kv0.a
  %abi.ks1.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 1
  %abi.ks1 = load i32, i32 addrspace(4)* %abi.ks1.a, align 4
  %abi.kv1.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv1 = load volatile i32, i32 addrspace(1)* %abi.kv1.a
  %abi.ks2.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 2
  %abi.ks2 = load i32, i32 addrspace(4)* %abi.ks2.a, align 4
  %abi.kv2.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv2 = load volatile i32, i32 addrspace(1)* %abi.kv2.a
  %abi.ks3.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 3
  %abi.ks3 = load i32, i32 addrspace(4)* %abi.ks3.a, align 4
  %abi.kv3.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv3 = load volatile i32, i32 addrspace(1)* %abi.kv3.a
  %abi.ks4.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 4
  %abi.ks4 = load i32, i32 addrspace(4)* %abi.ks4.a, align 4
  %abi.kv4.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv4 = load volatile i32, i32 addrspace(1)* %abi.kv4.a
  %abi.ks5.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 5
  %abi.ks5 = load i32, i32 addrspace(4)* %abi.ks5.a, align 4
  %abi.kv5.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv5 = load volatile i32, i32 addrspace(1)* %abi.kv5.a
  %abi.ks6.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 6
  %abi.ks6 = load i32, i32 addrspace(4)* %abi.ks6.a, align 4
  %abi.kv6.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv6 = load volatile i32, i32 addrspace(1)* %abi.kv6.a
  %abi.ks7.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 7
  %abi.ks7 = load i32, i32 addrspace(4)* %abi.ks7.a, align 4
  %abi.kv7.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv7 = load volatile i32, i32 addrspace(1)* %abi.kv7.a
  %abi.ks8.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 8
  %abi.ks8 = load i32, i32 addrspace(4)* %abi.ks8.a, align 4
  %abi.kv8.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv8 = load volatile i32, i32 addrspace(1)* %abi.kv8.a
  %abi.ks9.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 9
  %abi.ks9 = load i32, i32 addrspace(4)* %abi.ks9.a, align 4
  %abi.kv9.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv9 = load volatile i32, i32 addrspace(1)* %abi.kv9.a
  %abi.ks10.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 10
  %abi.ks10 = load i32, i32 addrspace(4)* %abi.ks10.a, align 4
  %abi.kv10.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv10 = load volatile i32, i32 addrspace(1)* %abi.kv10.a
  %abi.ks11.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 11
  %abi.ks11 = load i32, i32 addrspace(4)* %abi.ks11.a, align 4
  %abi.kv11.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv11 = load volatile i32, i32 addrspace(1)* %abi.kv11.a
  %abi.ks12.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 12
  %abi.ks12 = load i32, i32 addrspace(4)* %abi.ks12.a, align 4
  %abi.kv12.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv12 = load volatile i32, i32 addrspace(1)* %abi.kv12.a
  %abi.ks13.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 13
  %abi.ks13 = load i32, i32 addrspace(4)* %abi.ks13.a, align 4
  %abi.kv13.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv13 = load volatile i32, i32 addrspace(1)* %abi.kv13.a
  %abi.ks14.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 14
  %abi.ks14 = load i32, i32 addrspace(4)* %abi.ks14.a, align 4
  %abi.kv14.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv14 = load volatile i32, i32 addrspace(1)* %abi.kv14.a
  %abi.ks15.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 15
  %abi.ks15 = load i32, i32 addrspace(4)* %abi.ks15.a, align 4
  %abi.kv15.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv15 = load volatile i32, i32 addrspace(1)* %abi.kv15.a
  %abi.ks16.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 16
  %abi.ks16 = load i32, i32 addrspace(4)* %abi.ks16.a, align 4
  %abi.kv16.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv16 = load volatile i32, i32 addrspace(1)* %abi.kv16.a
  %abi.ks17.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 17
  %abi.ks17 = load i32, i32 addrspace(4)* %abi.ks17.a, align 4
  %abi.kv17.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv17 = load volatile i32, i32 addrspace(1)* %abi.kv17.a
  %abi.ks18.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 18
  %abi.ks18 = load i32, i32 addrspace(4)* %abi.ks18.a, align 4
  %abi.kv18.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv18 = load volatile i32, i32 addrspace(1)* %abi.kv18.a
  %abi.ks19.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 19
  %abi.ks19 = load i32, i32 addrspace(4)* %abi.ks19.a, align 4
  %abi.kv19.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv19 = load volatile i32, i32 addrspace(1)* %abi.kv19.a
  %abi.ks20.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 20
  %abi.ks20 = load i32, i32 addrspace(4)* %abi.ks20.a, align 4
  %abi.kv20.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv20 = load volatile i32, i32 addrspace(1)* %abi.kv20.a
  %abi.ks21.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 21
  %abi.ks21 = load i32, i32 addrspace(4)* %abi.ks21.a, align 4
  %abi.kv21.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv21 = load volatile i32, i32 addrspace(1)* %abi.kv21.a
  %abi.ks22.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 22
  %abi.ks22 = load i32, i32 addrspace(4)* %abi.ks22.a, align 4
  %abi.kv22.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv22 = load volatile i32, i32 addrspace(1)* %abi.kv22.a
  %abi.ks23.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 23
  %abi.ks23 = load i32, i32 addrspace(4)* %abi.ks23.a, align 4
  %abi.kv23.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv23 = load volatile i32, i32 addrspace(1)* %abi.kv23.a
  %abi.ks24.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 24
  %abi.ks24 = load i32, i32 addrspace(4)* %abi.ks24.a, align 4
  %abi.kv24.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv24 = load volatile i32, i32 addrspace(1)* %abi.kv24.a
  %abi.ks25.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 25
  %abi.ks25 = load i32, i32 addrspace(4)* %abi.ks25.a, align 4
  %abi.kv25.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv25 = load volatile i32, i32 addrspace(1)* %abi.kv25.a
  %abi.ks26.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 26
  %abi.ks26 = load i32, i32 addrspace(4)* %abi.ks26.a, align 4
  %abi.kv26.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv26 = load volatile i32, i32 addrspace(1)* %abi.kv26.a
  %abi.ks27.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 27
  %abi.ks27 = load i32, i32 addrspace(4)* %abi.ks27.a, align 4
  %abi.kv27.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv27 = load volatile i32, i32 addrspace(1)* %abi.kv27.a
  %abi.ks28.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 28
  %abi.ks28 = load i32, i32 addrspace(4)* %abi.ks28.a, align 4
  %abi.kv28.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv28 = load volatile i32, i32 addrspace(1)* %abi.kv28.a
  %abi.ks29.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 29
  %abi.ks29 = load i32, i32 addrspace(4)* %abi.ks29.a, align 4
  %abi.kv29.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv29 = load volatile i32, i32 addrspace(1)* %abi.kv29.a
  %abi.ks30.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 30
  %abi.ks30 = load i32, i32 addrspace(4)* %abi.ks30.a, align 4
  %abi.kv30.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv30 = load volatile i32, i32 addrspace(1)* %abi.kv30.a
  %abi.ks31.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 31
  %abi.ks31 = load i32, i32 addrspace(4)* %abi.ks31.a, align 4
  %abi.kv31.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv31 = load volatile i32, i32 addrspace(1)* %abi.kv31.a
  %abi.ks32.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 32
  %abi.ks32 = load i32, i32 addrspace(4)* %abi.ks32.a, align 4
  %abi.kv32.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv32 = load volatile i32, i32 addrspace(1)* %abi.kv32.a
  %abi.ks33.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 33
  %abi.ks33 = load i32, i32 addrspace(4)* %abi.ks33.a, align 4
  %abi.kv33.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv33 = load volatile i32, i32 addrspace(1)* %abi.kv33.a
  %abi.ks34.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 34
  %abi.ks34 = load i32, i32 addrspace(4)* %abi.ks34.a, align 4
  %abi.kv34.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv34 = load volatile i32, i32 addrspace(1)* %abi.kv34.a
  %abi.ks35.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 35
  %abi.ks35 = load i32, i32 addrspace(4)* %abi.ks35.a, align 4
  %abi.kv35.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv35 = load volatile i32, i32 addrspace(1)* %abi.kv35.a
  %abi.ks36.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 36
  %abi.ks36 = load i32, i32 addrspace(4)* %abi.ks36.a, align 4
  %abi.kv36.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv36 = load volatile i32, i32 addrspace(1)* %abi.kv36.a
  %abi.ks37.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 37
  %abi.ks37 = load i32, i32 addrspace(4)* %abi.ks37.a, align 4
  %abi.kv37.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv37 = load volatile i32, i32 addrspace(1)* %abi.kv37.a
  %abi.ks38.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 38
  %abi.ks38 = load i32, i32 addrspace(4)* %abi.ks38.a, align 4
  %abi.kv38.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv38 = load volatile i32, i32 addrspace(1)* %abi.kv38.a
  %abi.ks39.a = getelementptr [40 x i32], [40 x i32] addrspace(4)* @abi.0.keep.s, i32 0, i32 39
  %abi.ks39 = load i32, i32 addrspace(4)* %abi.ks39.a, align 4
  %abi.kv39.a = getelementptr i32, i32 addrspace(1)* @abi.0.keep.v, i32 %abi.lane
  %abi.kv39 = load volatile i32, i32 addrspace(1)* %abi.kv39.a
  call void (ptr, ...) @llvm.amdgcn.call.whole.wave.gcnabi0(ptr @f, double %abi.o1, <24 x i8 addrspace(2)*> %abi.o2, { double, half } %abi.o3, { <3 x i8 addrspace(8)*>, double, i32, float, i118 } inreg %abi.o4)
  store volatile i32 %abi.ks0, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv0, i32 addrspace(1)* %abi.kv0.a
  store volatile i32 %abi.ks1, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv1, i32 addrspace(1)* %abi.kv1.a
  store volatile i32 %abi.ks2, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv2, i32 addrspace(1)* %abi.kv2.a
  store volatile i32 %abi.ks3, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv3, i32 addrspace(1)* %abi.kv3.a
  store volatile i32 %abi.ks4, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv4, i32 addrspace(1)* %abi.kv4.a
  store volatile i32 %abi.ks5, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv5, i32 addrspace(1)* %abi.kv5.a
  store volatile i32 %abi.ks6, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv6, i32 addrspace(1)* %abi.kv6.a
  store volatile i32 %abi.ks7, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv7, i32 addrspace(1)* %abi.kv7.a
  store volatile i32 %abi.ks8, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv8, i32 addrspace(1)* %abi.kv8.a
  store volatile i32 %abi.ks9, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv9, i32 addrspace(1)* %abi.kv9.a
  store volatile i32 %abi.ks10, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv10, i32 addrspace(1)* %abi.kv10.a
  store volatile i32 %abi.ks11, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv11, i32 addrspace(1)* %abi.kv11.a
  store volatile i32 %abi.ks12, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv12, i32 addrspace(1)* %abi.kv12.a
  store volatile i32 %abi.ks13, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv13, i32 addrspace(1)* %abi.kv13.a
  store volatile i32 %abi.ks14, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv14, i32 addrspace(1)* %abi.kv14.a
  store volatile i32 %abi.ks15, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv15, i32 addrspace(1)* %abi.kv15.a
  store volatile i32 %abi.ks16, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv16, i32 addrspace(1)* %abi.kv16.a
  store volatile i32 %abi.ks17, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv17, i32 addrspace(1)* %abi.kv17.a
  store volatile i32 %abi.ks18, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv18, i32 addrspace(1)* %abi.kv18.a
  store volatile i32 %abi.ks19, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv19, i32 addrspace(1)* %abi.kv19.a
  store volatile i32 %abi.ks20, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv20, i32 addrspace(1)* %abi.kv20.a
  store volatile i32 %abi.ks21, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv21, i32 addrspace(1)* %abi.kv21.a
  store volatile i32 %abi.ks22, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv22, i32 addrspace(1)* %abi.kv22.a
  store volatile i32 %abi.ks23, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv23, i32 addrspace(1)* %abi.kv23.a
  store volatile i32 %abi.ks24, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv24, i32 addrspace(1)* %abi.kv24.a
  store volatile i32 %abi.ks25, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv25, i32 addrspace(1)* %abi.kv25.a
  store volatile i32 %abi.ks26, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv26, i32 addrspace(1)* %abi.kv26.a
  store volatile i32 %abi.ks27, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv27, i32 addrspace(1)* %abi.kv27.a
  store volatile i32 %abi.ks28, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv28, i32 addrspace(1)* %abi.kv28.a
  store volatile i32 %abi.ks29, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv29, i32 addrspace(1)* %abi.kv29.a
  store volatile i32 %abi.ks30, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv30, i32 addrspace(1)* %abi.kv30.a
  store volatile i32 %abi.ks31, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv31, i32 addrspace(1)* %abi.kv31.a
  store volatile i32 %abi.ks32, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv32, i32 addrspace(1)* %abi.kv32.a
  store volatile i32 %abi.ks33, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv33, i32 addrspace(1)* %abi.kv33.a
  store volatile i32 %abi.ks34, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv34, i32 addrspace(1)* %abi.kv34.a
  store volatile i32 %abi.ks35, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv35, i32 addrspace(1)* %abi.kv35.a
  store volatile i32 %abi.ks36, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv36, i32 addrspace(1)* %abi.kv36.a
  store volatile i32 %abi.ks37, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv37, i32 addrspace(1)* %abi.kv37.a
  store volatile i32 %abi.ks38, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv38, i32 addrspace(1)* %abi.kv38.a
  store volatile i32 %abi.ks39, i32 addrspace(1)* @abi.0.kept
  store volatile i32 %abi.kv39, i32 addrspace(1)* %abi.kv39.a
  ret void
}
