declare amdgpu_gfx void @a00(i1, i1, i32)   ; i1
declare amdgpu_gfx void @i00(i1 inreg, i1 inreg, i32)
declare amdgpu_gfx i1 @r00()
declare amdgpu_gfx void @a01(i8, i8, i32)   ; i8
declare amdgpu_gfx void @i01(i8 inreg, i8 inreg, i32)
declare amdgpu_gfx i8 @r01()
declare amdgpu_gfx void @a02(i16, i16, i32)   ; i16
declare amdgpu_gfx void @i02(i16 inreg, i16 inreg, i32)
declare amdgpu_gfx i16 @r02()
declare amdgpu_gfx void @a03(half, half, i32)   ; half
declare amdgpu_gfx void @i03(half inreg, half inreg, i32)
declare amdgpu_gfx half @r03()
