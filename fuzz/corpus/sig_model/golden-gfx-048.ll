declare amdgpu_gfx void @a16(ptr addrspace(4), ptr addrspace(4), i32)   ; ptr addrspace(4)
declare amdgpu_gfx void @i16(ptr addrspace(4) inreg, ptr addrspace(4) inreg, i32)
declare amdgpu_gfx ptr addrspace(4) @r16()
declare amdgpu_gfx void @a17(i96, i96, i32)   ; i96
declare amdgpu_gfx void @i17(i96 inreg, i96 inreg, i32)
declare amdgpu_gfx i96 @r17()
declare amdgpu_gfx void @a18(<3 x i32>, <3 x i32>, i32)   ; <3 x i32>
declare amdgpu_gfx void @i18(<3 x i32> inreg, <3 x i32> inreg, i32)
declare amdgpu_gfx <3 x i32> @r18()
declare amdgpu_gfx void @a19(<3 x float>, <3 x float>, i32)   ; <3 x float>
declare amdgpu_gfx void @i19(<3 x float> inreg, <3 x float> inreg, i32)
declare amdgpu_gfx <3 x float> @r19()
