declare amdgpu_gfx void @a20(i128, i128, i32)   ; i128
declare amdgpu_gfx void @i20(i128 inreg, i128 inreg, i32)
declare amdgpu_gfx i128 @r20()
declare amdgpu_gfx void @a21(<4 x float>, <4 x float>, i32)   ; <4 x float>
declare amdgpu_gfx void @i21(<4 x float> inreg, <4 x float> inreg, i32)
declare amdgpu_gfx <4 x float> @r21()
declare amdgpu_gfx void @a22(<2 x i64>, <2 x i64>, i32)   ; <2 x i64>
declare amdgpu_gfx void @i22(<2 x i64> inreg, <2 x i64> inreg, i32)
declare amdgpu_gfx <2 x i64> @r22()
declare amdgpu_gfx void @a23(<2 x double>, <2 x double>, i32)   ; <2 x double>
declare amdgpu_gfx void @i23(<2 x double> inreg, <2 x double> inreg, i32)
declare amdgpu_gfx <2 x double> @r23()
