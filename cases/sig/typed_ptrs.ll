; Sample input in the typed-pointer syntax of LLVM 14: pointees, pointers to
; opaque, recursive and function types. The parser also takes the bare
; `byval`/`sret` of older releases (the type is the pointee); llvm-as 14
; rejects those, so they are left out here.
target triple = "amdgcn-amd-amdhsa"

%struct.S = type { i8, i32 }
%struct.list = type { i32, %struct.list* }
%struct.opaque = type opaque

declare void @typed(i32 addrspace(1)* %p, i8** %pp, %struct.opaque* %o, %struct.list* %l, void (i32)* %fn)
declare void @typed_byval(%struct.S addrspace(5)* byval(%struct.S) align 4 %s, %struct.S* sret(%struct.S) %r)
