; gcnabi marker conventions: a byval aggregate between two register arguments.
; sig 0: i32 @f(i32, ptr addrspace(5) byval({i32, i32, i32}) align 4, i32)
@gcnabi.0.in.0 = addrspace(1) global i32 0
@gcnabi.0.in.1 = addrspace(1) global {i32, i32, i32} zeroinitializer
@gcnabi.0.in.2 = addrspace(1) global i32 0
@gcnabi.0.ret = addrspace(1) global i32 0
@gcnabi.0.out.0 = addrspace(1) global i32 0
@gcnabi.0.out.1 = addrspace(1) global {i32, i32, i32} zeroinitializer
@gcnabi.0.out.2 = addrspace(1) global i32 0
@gcnabi.0.res = addrspace(1) global i32 0

define i32 @f(i32 %a0, ptr addrspace(5) byval({i32, i32, i32}) align 4 %a1, i32 %a2) {
  store volatile i32 %a0, ptr addrspace(1) @gcnabi.0.in.0
  %v1 = load {i32, i32, i32}, ptr addrspace(5) %a1
  store volatile {i32, i32, i32} %v1, ptr addrspace(1) @gcnabi.0.in.1
  store volatile i32 %a2, ptr addrspace(1) @gcnabi.0.in.2
  %r = load volatile i32, ptr addrspace(1) @gcnabi.0.ret
  ret i32 %r
}

define void @gcnabi.0.caller() {
  %gcnabi.0.out.1.copy = alloca {i32, i32, i32}, addrspace(5)
  %o0 = load volatile i32, ptr addrspace(1) @gcnabi.0.out.0
  %o1 = load volatile {i32, i32, i32}, ptr addrspace(1) @gcnabi.0.out.1
  store {i32, i32, i32} %o1, ptr addrspace(5) %gcnabi.0.out.1.copy
  %o2 = load volatile i32, ptr addrspace(1) @gcnabi.0.out.2
  %r = call i32 @f(i32 %o0, ptr addrspace(5) byval({i32, i32, i32}) align 4 %gcnabi.0.out.1.copy, i32 %o2)
  store volatile i32 %r, ptr addrspace(1) @gcnabi.0.res
  ret void
}
