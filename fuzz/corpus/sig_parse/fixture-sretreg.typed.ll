; typed-pointer form of sretreg.ll for llc 14, plus sig 2: bfloat @r04()
; (demoted by llc 14's GlobalISel: the caller passes a frame address in v0)
; gcnabi emit --profile llvm14 --caller

@gcnabi.0.in.0 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.0 = external addrspace(4) global i32
@gcnabi.0.in.1 = addrspace(1) global i32 zeroinitializer
@gcnabi.0.out.1 = external addrspace(4) global i32
@gcnabi.0.ret = addrspace(1) global i32 zeroinitializer
@gcnabi.0.res = addrspace(1) global i32 zeroinitializer
define amdgpu_gfx inreg i32 @d05(i32 inreg, i32) {
  store volatile i32 %0, i32 addrspace(1)* @gcnabi.0.in.0
  store volatile i32 %1, i32 addrspace(1)* @gcnabi.0.in.1
  %gcnabi.r = load volatile i32, i32 addrspace(1)* @gcnabi.0.ret
  ret i32 %gcnabi.r
}
define amdgpu_gfx void @gcnabi.0.caller() {
  %gcnabi.o0 = load i32, i32 addrspace(4)* @gcnabi.0.out.0
  %gcnabi.o1 = load i32, i32 addrspace(4)* @gcnabi.0.out.1
  %gcnabi.r = call amdgpu_gfx inreg i32 @d05(i32 inreg %gcnabi.o0, i32 %gcnabi.o1)
  store volatile i32 %gcnabi.r, i32 addrspace(1)* @gcnabi.0.res
  ret void
}

@gcnabi.1.in.0 = addrspace(1) global i32 zeroinitializer
@gcnabi.1.out.0 = external addrspace(4) global i32
@gcnabi.1.in.1 = addrspace(1) global i32 zeroinitializer
@gcnabi.1.out.1 = external addrspace(4) global i32
@gcnabi.1.ret = addrspace(1) global [33 x i32] zeroinitializer
@gcnabi.1.res = addrspace(1) global [33 x i32] zeroinitializer
define [33 x i32] @d00(i32 inreg, i32) {
  store volatile i32 %0, i32 addrspace(1)* @gcnabi.1.in.0
  store volatile i32 %1, i32 addrspace(1)* @gcnabi.1.in.1
  %gcnabi.r = load volatile [33 x i32], [33 x i32] addrspace(1)* @gcnabi.1.ret
  ret [33 x i32] %gcnabi.r
}
define void @gcnabi.1.caller() {
  %gcnabi.o0 = load i32, i32 addrspace(4)* @gcnabi.1.out.0
  %gcnabi.o1 = load i32, i32 addrspace(4)* @gcnabi.1.out.1
  %gcnabi.r = call [33 x i32] @d00(i32 inreg %gcnabi.o0, i32 %gcnabi.o1)
  store volatile [33 x i32] %gcnabi.r, [33 x i32] addrspace(1)* @gcnabi.1.res
  ret void
}

@gcnabi.2.ret = addrspace(1) global bfloat zeroinitializer
@gcnabi.2.res = addrspace(1) global bfloat zeroinitializer
define bfloat @r04() {
  %gcnabi.r = load volatile bfloat, bfloat addrspace(1)* @gcnabi.2.ret
  ret bfloat %gcnabi.r
}
define void @gcnabi.2.caller() {
  %gcnabi.r = call bfloat @r04()
  store volatile bfloat %gcnabi.r, bfloat addrspace(1)* @gcnabi.2.res
  ret void
}
