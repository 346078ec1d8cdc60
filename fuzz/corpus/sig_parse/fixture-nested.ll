; gcnabi marker conventions: a callee that is also a caller, so its incoming
; registers mix arguments with the implicit inputs it forwards.
; sig 0: i32 @h(i32 inreg, i64)      (called from @g with sig 0's out markers)
; sig 1: void @g(i32 inreg, i32, i64)
@gcnabi.0.in.0 = addrspace(1) global i32 0
@gcnabi.0.in.1 = addrspace(1) global i64 0
@gcnabi.0.ret = addrspace(1) global i32 0
@gcnabi.0.out.0 = addrspace(1) global i32 0
@gcnabi.0.out.1 = addrspace(1) global i64 0
@gcnabi.0.res = addrspace(1) global i32 0
@gcnabi.1.in.0 = addrspace(1) global i32 0
@gcnabi.1.in.1 = addrspace(1) global i32 0
@gcnabi.1.in.2 = addrspace(1) global i64 0
@gcnabi.1.out.0 = addrspace(1) global i32 0
@gcnabi.1.out.1 = addrspace(1) global i32 0
@gcnabi.1.out.2 = addrspace(1) global i64 0

define i32 @h(i32 inreg %a0, i64 %a1) {
  store volatile i32 %a0, ptr addrspace(1) @gcnabi.0.in.0
  store volatile i64 %a1, ptr addrspace(1) @gcnabi.0.in.1
  %r = load volatile i32, ptr addrspace(1) @gcnabi.0.ret
  ret i32 %r
}

define void @g(i32 inreg %a0, i32 %a1, i64 %a2) {
  store volatile i32 %a0, ptr addrspace(1) @gcnabi.1.in.0
  store volatile i32 %a1, ptr addrspace(1) @gcnabi.1.in.1
  store volatile i64 %a2, ptr addrspace(1) @gcnabi.1.in.2
  %o0 = load volatile i32, ptr addrspace(1) @gcnabi.0.out.0
  %o1 = load volatile i64, ptr addrspace(1) @gcnabi.0.out.1
  %r = call i32 @h(i32 inreg %o0, i64 %o1)
  store volatile i32 %r, ptr addrspace(1) @gcnabi.0.res
  ret void
}

define void @gcnabi.1.caller() {
  %o0 = load volatile i32, ptr addrspace(1) @gcnabi.1.out.0
  %o1 = load volatile i32, ptr addrspace(1) @gcnabi.1.out.1
  %o2 = load volatile i64, ptr addrspace(1) @gcnabi.1.out.2
  call void @g(i32 inreg %o0, i32 %o1, i64 %o2)
  ret void
}
