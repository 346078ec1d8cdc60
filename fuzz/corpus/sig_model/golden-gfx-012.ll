declare amdgpu_gfx void @a04(bfloat, bfloat, i32)   ; bfloat
declare amdgpu_gfx void @i04(bfloat inreg, bfloat inreg, i32)
declare amdgpu_gfx bfloat @r04()
declare amdgpu_gfx void @a05(i24, i24, i32)   ; i24
declare amdgpu_gfx void @i05(i24 inreg, i24 inreg, i32)
declare amdgpu_gfx i24 @r05()
declare amdgpu_gfx void @a06(i32, i32, i32)   ; i32
declare amdgpu_gfx void @i06(i32 inreg, i32 inreg, i32)
declare amdgpu_gfx i32 @r06()
declare amdgpu_gfx void @a07(float, float, i32)   ; float
declare amdgpu_gfx void @i07(float inreg, float inreg, i32)
declare amdgpu_gfx float @r07()
