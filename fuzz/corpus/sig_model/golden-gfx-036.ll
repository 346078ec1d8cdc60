declare amdgpu_gfx void @a12(double, double, i32)   ; double
declare amdgpu_gfx void @i12(double inreg, double inreg, i32)
declare amdgpu_gfx double @r12()
declare amdgpu_gfx void @a13(i48, i48, i32)   ; i48
declare amdgpu_gfx void @i13(i48 inreg, i48 inreg, i32)
declare amdgpu_gfx i48 @r13()
declare amdgpu_gfx void @a14(ptr, ptr, i32)   ; ptr
declare amdgpu_gfx void @i14(ptr inreg, ptr inreg, i32)
declare amdgpu_gfx ptr @r14()
declare amdgpu_gfx void @a15(ptr addrspace(1), ptr addrspace(1), i32)   ; ptr addrspace(1)
declare amdgpu_gfx void @i15(ptr addrspace(1) inreg, ptr addrspace(1) inreg, i32)
declare amdgpu_gfx ptr addrspace(1) @r15()
