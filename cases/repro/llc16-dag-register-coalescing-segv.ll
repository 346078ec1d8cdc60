; Reproducer final-code-5ca5f10b48 (final-code, llc 16.0.6, -mcpu=gfx1030, SelectionDAG): crash in 'Simple Register Coalescing' at ? (killed by SIGSEGV)
; Signature: declare amdgpu_hs i84 @f(<5 x ptr addrspace(5)> inreg)
; CHECK lines: llc fails on the final code with this error.
; verified by lit with every installed llc, as predicted: lit FAILS with llc 14.0.6, llc 15.0.6, llc 19.1.7, llc 22.1.8; PASSES with llc 16.0.6 (the llc checked)
; RUN: not --crash llc -mtriple=amdgcn-amd-amdpal -mcpu=gfx1030 -verify-machineinstrs -enable-ipra=0 -amdgpu-s-branch-bits=6 %s -o /dev/null 2>&1 | FileCheck %s

; CHECK: Running pass 'Simple Register Coalescing'

@abi.0.in.0 = addrspace(1) global <5 x i8 addrspace(5)*> zeroinitializer
@abi.0.ret = addrspace(1) global i84 zeroinitializer
define amdgpu_hs i84 @f(<5 x i8 addrspace(5)*> inreg) {
  store volatile <5 x i8 addrspace(5)*> %0, <5 x i8 addrspace(5)*> addrspace(1)* @abi.0.in.0
  %abi.r = load volatile i84, i84 addrspace(1)* @abi.0.ret
  ret i84 %abi.r
}
