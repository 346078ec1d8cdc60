declare amdgpu_gfx void @a36([3 x i16], [3 x i16], i32)   ; [3 x i16]
declare amdgpu_gfx void @i36([3 x i16] inreg, [3 x i16] inreg, i32)
declare amdgpu_gfx [3 x i16] @r36()
declare amdgpu_gfx void @a37({ i8, i32 }, { i8, i32 }, i32)   ; { i8, i32 }
declare amdgpu_gfx void @i37({ i8, i32 } inreg, { i8, i32 } inreg, i32)
declare amdgpu_gfx { i8, i32 } @r37()
declare amdgpu_gfx void @a38({ i16, i16 }, { i16, i16 }, i32)   ; { i16, i16 }
declare amdgpu_gfx void @i38({ i16, i16 } inreg, { i16, i16 } inreg, i32)
declare amdgpu_gfx { i16, i16 } @r38()
declare amdgpu_gfx void @a39({ i64, i8 }, { i64, i8 }, i32)   ; { i64, i8 }
declare amdgpu_gfx void @i39({ i64, i8 } inreg, { i64, i8 } inreg, i32)
declare amdgpu_gfx { i64, i8 } @r39()
