declare amdgpu_gfx void @a44(<2 x i1>, <2 x i1>, i32)   ; <2 x i1>
declare amdgpu_gfx void @i44(<2 x i1> inreg, <2 x i1> inreg, i32)
declare amdgpu_gfx <2 x i1> @r44()
declare amdgpu_gfx void @a45(<2 x ptr addrspace(3)>, <2 x ptr addrspace(3)>, i32)   ; <2 x ptr addrspace(3)>
declare amdgpu_gfx void @i45(<2 x ptr addrspace(3)> inreg, <2 x ptr addrspace(3)> inreg, i32)
declare amdgpu_gfx <2 x ptr addrspace(3)> @r45()
declare amdgpu_gfx void @a46([2 x i64], [2 x i64], i32)   ; [2 x i64]
declare amdgpu_gfx void @i46([2 x i64] inreg, [2 x i64] inreg, i32)
declare amdgpu_gfx [2 x i64] @r46()
declare amdgpu_gfx void @s00(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i64, i8, half, { i8, i32 }, [3 x i16], i1)
declare amdgpu_gfx void @s01(i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, <4 x float>, bfloat)
declare amdgpu_gfx void @s02(i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i32 inreg, i64 inreg, i32 inreg, i32)
