; GlobalISel, gfx600-gfx900: a load of an i75 from private memory (here a
; byval object's member, as a callee reading the object it was passed)
; makes the legalizer grow without bound: llc 15, 16, 19 and 22 run out
; of memory (under `ulimit -v 600000`: "LLVM ERROR: out of memory" after
; 6-8 s; under gcnabi's 4 GB, a minute or more). The same load as i80
; (the member's store size) compiles in 0.07 s, and SelectionDAG compiles
; this module; llc 22 GlobalISel for gfx1100 compiles it too.
; Reached by the generator: the final code of a callee with
; `ptr addrspace(5) byval({ ptr addrspace(2), i8, i75, double }) align 1`
; (make check plan, seed 60417, sig-001 on gfx600 and gfx701, llc 22
; GlobalISel: the final-code-refused "out of memory" cause). No upstream
; report found.
; CHECK lines: none; llc compiles the module within the limit.
; verified by lit with every installed llc that reads it: FAILS with llc
; 15.0.6, 16.0.6, 19.1.7 and 22.1.8 (out of memory); llc 14.0.6 does not
; read opaque pointers.
; RUN: ulimit -v 600000 && llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx900 -global-isel %s -o /dev/null
@g = addrspace(1) global i96 0

define amdgpu_gfx void @f(ptr addrspace(5) byval({ ptr addrspace(2), i8, i75, double }) align 1 %p) {
  %q = getelementptr { ptr addrspace(2), i8, i75, double }, ptr addrspace(5) %p, i32 0, i32 2
  %v = load i75, ptr addrspace(5) %q
  %w = zext i75 %v to i96
  store volatile i96 %w, ptr addrspace(1) @g
  ret void
}
