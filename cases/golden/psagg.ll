; Golden cases, pixel-shader input slots with aggregates and buffer fat
; pointers: GlobalISel gives each argument one slot, SelectionDAG one per
; lowered value (struct members, array elements, the two halves of a ptr
; addrspace(7) from llc 19 on), so psInputAddr and, past slot 15, the
; skipped arguments differ between the selectors. Expectations beside this
; file were recorded from real llc by tests/record_golden.py; each names its command.
declare amdgpu_ps void @g00([16 x float], float, float) "gcnabi-unused"="1"
declare amdgpu_ps void @g01(float, [17 x float], float) "gcnabi-unused"="1"
declare amdgpu_ps void @g02({ float, i64, <4 x half> }, float, float) "gcnabi-unused"="1"
declare amdgpu_ps void @g03({ float, float }, { float, float }, float) "gcnabi-unused"="0"
declare amdgpu_ps void @g04(ptr addrspace(7), ptr, double, half, <8 x i32>, float, <2 x half>, half inreg) "gcnabi-unused"="1"
declare amdgpu_ps void @g05([3 x float], [3 x float], [3 x float], [3 x float], [3 x float], [3 x float], float, float) "gcnabi-unused"="6"
declare amdgpu_ps void @g06([2 x <3 x float>], i32 inreg, { i32, [2 x float] }, float) "gcnabi-unused"="2"
