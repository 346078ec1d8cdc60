; Reproducer crash-355af03a7a (crash, llc 14.0.6, -mcpu=gfx600, SelectionDAG): crash in 'AMDGPU DAG->DAG Pattern Instruction Selection' at ? (killed by SIGSEGV)
; Signature: a call graph of 2 function(s), 3 line(s), reduced from 13
; From the call graph: declare amdgpu_gfx void @g2.n4(<1 x half>)
; From the call graph: declare amdgpu_gfx void @g2.n5(<1 x half>)
; From the call graph: call @g2.n4 -> @g2.n5
; CHECK lines: none; llc compiles the call graph's module.
; verified by lit with every installed llc, as predicted: lit FAILS with llc 14.0.6 (the llc checked), llc 15.0.6, llc 16.0.6; PASSES with llc 19.1.7, llc 22.1.8 (llc 15.0.6: gcnabi check of the reproducer's signatures shows the same cause with llc 15.0.6; llc 16.0.6: gcnabi check of the reproducer's signatures shows the same cause with llc 16.0.6)
; RUN: llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx600 -verify-machineinstrs -stop-after=finalize-isel %s -o /dev/null


@abi.0.in.0 = addrspace(1) global <1 x half> zeroinitializer
@abi.0.out.0 = external addrspace(4) global <1 x half>, align 16

@abi.1.in.0 = addrspace(1) global <1 x half> zeroinitializer
@abi.1.out.0 = external addrspace(4) global <1 x half>, align 16

define amdgpu_gfx void @g2.n4(<1 x half>) {
  store volatile <1 x half> %0, <1 x half> addrspace(1)* @abi.0.in.0
  call amdgpu_gfx void @g2.n5(<1 x half> %0)
  ret void
}

define amdgpu_gfx void @g2.n5(<1 x half>) {
  store volatile <1 x half> %0, <1 x half> addrspace(1)* @abi.1.in.0
  ret void
}
