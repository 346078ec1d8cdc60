; Sample input for the signature parser (opaque pointers, LLVM 15+): every
; type class, attribute and calling convention the placement model reads.
; `llvm-as` accepts it; sig_parse_module yields one Sig per function.
target triple = "amdgcn-amd-amdhsa"

%struct.S = type { i8, <2 x half> }
%struct.Nested = type { [2 x %struct.S], i64 }
%packed = type <{ i8, i32 }>

declare amdgpu_gfx void @ints(i1 zeroext, i8 signext, i16 inreg, i24, i32 noundef, i48, i64, i96, i128)
declare amdgpu_gfx float @floats(half, bfloat, float, double)
declare <2 x half> @vectors(<2 x half>, <3 x i8>, <32 x i32>, <2 x ptr addrspace(3)>)
declare void @aggregates([3 x i16], { i8, i32 }, %packed, %struct.Nested, {})
declare void @pointers(ptr, ptr addrspace(1), ptr addrspace(2), ptr addrspace(3), ptr addrspace(4),
                       ptr addrspace(5), ptr addrspace(6), ptr addrspace(7), ptr addrspace(8))
declare fastcc void @memory(ptr addrspace(5) byval(%struct.S) align 4, ptr addrspace(5) sret({ i32, i32 }) align 8,
                            ptr addrspace(4) byref([4 x i32]) align 16)
declare coldcc noundef signext i16 @ret_attrs(i32 range(i32 0, 8) %x) nounwind
declare i32 @varargs(ptr addrspace(4), ...)

declare amdgpu_cs_chain void @chain(<3 x i32> inreg, { ptr, <3 x i32> })
declare amdgpu_cs_chain_preserve void @chain_preserve(<3 x i32> inreg, <3 x i32>)
declare amdgpu_cs void @cs(<4 x i32> inreg, i32 inreg, <3 x i32>)
declare amdgpu_ps float @ps(i32 inreg, <2 x float>, float)
declare amdgpu_vs void @vs(i32 inreg, i32)
declare amdgpu_gs void @gs(i32 inreg, i32)
declare amdgpu_hs void @hs(i32 inreg, i32)
declare amdgpu_es void @es(i32 inreg, i32)
declare amdgpu_ls void @ls(i32 inreg, i32)

define amdgpu_kernel void @kernel(ptr addrspace(1) noundef %out, i32 %n) #0 {
entry:
  %pair = insertvalue { i32, i32 } poison, i32 %n, 0   ; braces in types: { }
  store { i32, i32 } %pair, ptr addrspace(1) %out, align 4
  ret void
}

define internal void @callee(ptr addrspace(5) byval(%struct.S) align 4 %s) #1 {
  ret void
}

attributes #0 = { nounwind "amdgpu-flat-work-group-size"="1,256" "amdgpu-no-dispatch-ptr" "amdgpu-no-queue-ptr" }
attributes #1 = { nounwind "amdgpu-no-workitem-id-y" "amdgpu-no-workitem-id-z" "amdgpu-no-implicitarg-ptr" }
