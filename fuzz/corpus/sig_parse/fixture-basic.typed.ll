; typed-pointer form of basic.ll for llc 14
; gcnabi marker conventions: two signatures, each a callee and its caller.
; sig 0: float @f(i32 inreg, i32, i64, [2 x i32], i32 inreg)
; sig 1: i64 @g(i32, i32)
@gcnabi.0.in.0 = addrspace(1) global i32 0
@gcnabi.0.in.1 = addrspace(1) global i32 0
@gcnabi.0.in.2 = addrspace(1) global i64 0
@gcnabi.0.in.3 = addrspace(1) global [2 x i32] zeroinitializer
@gcnabi.0.in.4 = addrspace(1) global i32 0
@gcnabi.0.ret = addrspace(1) global float 0.0
@gcnabi.0.out.0 = addrspace(1) global i32 0
@gcnabi.0.out.1 = addrspace(1) global i32 0
@gcnabi.0.out.2 = addrspace(1) global i64 0
@gcnabi.0.out.3 = addrspace(1) global [2 x i32] zeroinitializer
@gcnabi.0.out.4 = addrspace(1) global i32 0
@gcnabi.0.res = addrspace(1) global float 0.0
@gcnabi.1.in.0 = addrspace(1) global i32 0
@gcnabi.1.in.1 = addrspace(1) global i32 0
@gcnabi.1.ret = addrspace(1) global i64 0
@gcnabi.1.out.0 = addrspace(1) global i32 0
@gcnabi.1.out.1 = addrspace(1) global i32 0
@gcnabi.1.res = addrspace(1) global i64 0

define float @f(i32 inreg %a0, i32 %a1, i64 %a2, [2 x i32] %a3, i32 inreg %a4) {
  store volatile i32 %a0, i32 addrspace(1)* @gcnabi.0.in.0
  store volatile i32 %a1, i32 addrspace(1)* @gcnabi.0.in.1
  store volatile i64 %a2, i64 addrspace(1)* @gcnabi.0.in.2
  store volatile [2 x i32] %a3, [2 x i32] addrspace(1)* @gcnabi.0.in.3
  store volatile i32 %a4, i32 addrspace(1)* @gcnabi.0.in.4
  %r = load volatile float, float addrspace(1)* @gcnabi.0.ret
  ret float %r
}

define void @gcnabi.0.caller() {
  %o0 = load volatile i32, i32 addrspace(1)* @gcnabi.0.out.0
  %o1 = load volatile i32, i32 addrspace(1)* @gcnabi.0.out.1
  %o2 = load volatile i64, i64 addrspace(1)* @gcnabi.0.out.2
  %o3 = load volatile [2 x i32], [2 x i32] addrspace(1)* @gcnabi.0.out.3
  %o4 = load volatile i32, i32 addrspace(1)* @gcnabi.0.out.4
  %r = call float @f(i32 inreg %o0, i32 %o1, i64 %o2, [2 x i32] %o3, i32 inreg %o4)
  store volatile float %r, float addrspace(1)* @gcnabi.0.res
  ret void
}

define i64 @g(i32 %a0, i32 %a1) {
  store volatile i32 %a0, i32 addrspace(1)* @gcnabi.1.in.0
  store volatile i32 %a1, i32 addrspace(1)* @gcnabi.1.in.1
  %r = load volatile i64, i64 addrspace(1)* @gcnabi.1.ret
  ret i64 %r
}

define void @gcnabi.1.caller() {
  %o0 = load volatile i32, i32 addrspace(1)* @gcnabi.1.out.0
  %o1 = load volatile i32, i32 addrspace(1)* @gcnabi.1.out.1
  %r = call i64 @g(i32 %o0, i32 %o1)
  store volatile i64 %r, i64 addrspace(1)* @gcnabi.1.res
  ret void
}
