; gcnabi marker conventions: parts narrower than 32 bits and split vectors.
; sig 0: {i8, i32} @f({i8, i32}, <3 x half>, i1, i16)
@gcnabi.0.in.0 = addrspace(1) global {i8, i32} zeroinitializer
@gcnabi.0.in.1 = addrspace(1) global <3 x half> zeroinitializer
@gcnabi.0.in.2 = addrspace(1) global i1 0
@gcnabi.0.in.3 = addrspace(1) global i16 0
@gcnabi.0.ret = addrspace(1) global {i8, i32} zeroinitializer
@gcnabi.0.out.0 = addrspace(1) global {i8, i32} zeroinitializer
@gcnabi.0.out.1 = addrspace(1) global <3 x half> zeroinitializer
@gcnabi.0.out.2 = addrspace(1) global i1 0
@gcnabi.0.out.3 = addrspace(1) global i16 0
@gcnabi.0.res = addrspace(1) global {i8, i32} zeroinitializer

define {i8, i32} @f({i8, i32} %a0, <3 x half> %a1, i1 %a2, i16 %a3) {
  store volatile {i8, i32} %a0, ptr addrspace(1) @gcnabi.0.in.0
  store volatile <3 x half> %a1, ptr addrspace(1) @gcnabi.0.in.1
  store volatile i1 %a2, ptr addrspace(1) @gcnabi.0.in.2
  store volatile i16 %a3, ptr addrspace(1) @gcnabi.0.in.3
  %r = load volatile {i8, i32}, ptr addrspace(1) @gcnabi.0.ret
  ret {i8, i32} %r
}

define void @gcnabi.0.caller() {
  %o0 = load volatile {i8, i32}, ptr addrspace(1) @gcnabi.0.out.0
  %o1 = load volatile <3 x half>, ptr addrspace(1) @gcnabi.0.out.1
  %o2 = load volatile i1, ptr addrspace(1) @gcnabi.0.out.2
  %o3 = load volatile i16, ptr addrspace(1) @gcnabi.0.out.3
  %r = call {i8, i32} @f({i8, i32} %o0, <3 x half> %o1, i1 %o2, i16 %o3)
  store volatile {i8, i32} %r, ptr addrspace(1) @gcnabi.0.res
  ret void
}
