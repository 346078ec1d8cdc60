declare amdgpu_gfx void @a32(<4 x i8>, <4 x i8>, i32)   ; <4 x i8>
declare amdgpu_gfx void @i32(<4 x i8> inreg, <4 x i8> inreg, i32)
declare amdgpu_gfx <4 x i8> @r32()
declare amdgpu_gfx void @a33(<8 x i32>, <8 x i32>, i32)   ; <8 x i32>
declare amdgpu_gfx void @i33(<8 x i32> inreg, <8 x i32> inreg, i32)
declare amdgpu_gfx <8 x i32> @r33()
declare amdgpu_gfx void @a34(<16 x float>, <16 x float>, i32)   ; <16 x float>
declare amdgpu_gfx void @i34(<16 x float> inreg, <16 x float> inreg, i32)
declare amdgpu_gfx <16 x float> @r34()
declare amdgpu_gfx void @a35(<32 x i32>, <32 x i32>, i32)   ; <32 x i32>
declare amdgpu_gfx void @i35(<32 x i32> inreg, <32 x i32> inreg, i32)
declare amdgpu_gfx <32 x i32> @r35()
