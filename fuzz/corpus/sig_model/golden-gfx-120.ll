declare amdgpu_gfx void @a40({ half, <2 x half> }, { half, <2 x half> }, i32)   ; { half, <2 x half> }
declare amdgpu_gfx void @i40({ half, <2 x half> } inreg, { half, <2 x half> } inreg, i32)
declare amdgpu_gfx { half, <2 x half> } @r40()
declare amdgpu_gfx void @a41([2 x half], [2 x half], i32)   ; [2 x half]
declare amdgpu_gfx void @i41([2 x half] inreg, [2 x half] inreg, i32)
declare amdgpu_gfx [2 x half] @r41()
declare amdgpu_gfx void @a42(ptr addrspace(7), ptr addrspace(7), i32)   ; ptr addrspace(7)
declare amdgpu_gfx void @i42(ptr addrspace(7) inreg, ptr addrspace(7) inreg, i32)
declare amdgpu_gfx ptr addrspace(7) @r42()
declare amdgpu_gfx void @a43(ptr addrspace(8), ptr addrspace(8), i32)   ; ptr addrspace(8)
declare amdgpu_gfx void @i43(ptr addrspace(8) inreg, ptr addrspace(8) inreg, i32)
declare amdgpu_gfx ptr addrspace(8) @r43()
