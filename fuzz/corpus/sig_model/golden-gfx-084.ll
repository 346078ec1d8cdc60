declare amdgpu_gfx void @a28(<3 x half>, <3 x half>, i32)   ; <3 x half>
declare amdgpu_gfx void @i28(<3 x half> inreg, <3 x half> inreg, i32)
declare amdgpu_gfx <3 x half> @r28()
declare amdgpu_gfx void @a29(<4 x i16>, <4 x i16>, i32)   ; <4 x i16>
declare amdgpu_gfx void @i29(<4 x i16> inreg, <4 x i16> inreg, i32)
declare amdgpu_gfx <4 x i16> @r29()
declare amdgpu_gfx void @a30(<2 x i8>, <2 x i8>, i32)   ; <2 x i8>
declare amdgpu_gfx void @i30(<2 x i8> inreg, <2 x i8> inreg, i32)
declare amdgpu_gfx <2 x i8> @r30()
declare amdgpu_gfx void @a31(<3 x i8>, <3 x i8>, i32)   ; <3 x i8>
declare amdgpu_gfx void @i31(<3 x i8> inreg, <3 x i8> inreg, i32)
declare amdgpu_gfx <3 x i8> @r31()
