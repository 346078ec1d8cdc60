declare void @a40({ half, <2 x half> }, { half, <2 x half> }, i32)   ; { half, <2 x half> }
declare void @i40({ half, <2 x half> } inreg, { half, <2 x half> } inreg, i32)
declare { half, <2 x half> } @r40()
declare void @a41([2 x half], [2 x half], i32)   ; [2 x half]
declare void @i41([2 x half] inreg, [2 x half] inreg, i32)
declare [2 x half] @r41()
declare void @a42(ptr addrspace(7), ptr addrspace(7), i32)   ; ptr addrspace(7)
declare void @i42(ptr addrspace(7) inreg, ptr addrspace(7) inreg, i32)
declare ptr addrspace(7) @r42()
declare void @a43(ptr addrspace(8), ptr addrspace(8), i32)   ; ptr addrspace(8)
declare void @i43(ptr addrspace(8) inreg, ptr addrspace(8) inreg, i32)
declare ptr addrspace(8) @r43()
