// One stub per function of symbols.h (see lazy_libraries.c): jump through the function's slot, or, while it is
// empty, keep every argument register, ask lazy_resolve for the address and jump there with the arguments intact.
#if defined(__linux__) && defined(__x86_64__)

    .text
    .set lazy_index, 0

    .macro LAZY_STUB name
    .globl \name
    .type \name, @function
\name:
    movq lazy_slots+8*lazy_index(%rip), %r11
    testq %r11, %r11
    jz 1f
    jmp *%r11
1:  movl $lazy_index, %r11d
    jmp lazy_common
    .size \name, .-\name
    .set lazy_index, lazy_index+1
    .endm

#define LAZY_LIBRARY(id, soname, development, purpose)
#define LAZY_FUNCTION(library, name) LAZY_STUB name
#include "symbols.h"

    .p2align 4
    .type lazy_common, @function
lazy_common:
    // Entered by a jump from a stub called by C: the stack is 8 off 16-byte alignment, as at a function's start.
    pushq %rbp
    movq %rsp, %rbp
    pushq %rdi
    pushq %rsi
    pushq %rdx
    pushq %rcx
    pushq %r8
    pushq %r9
    pushq %rax          // the number of vector registers a variadic call passes
    pushq %r11          // the function's index
    subq $128, %rsp
    movdqu %xmm0, 0(%rsp)
    movdqu %xmm1, 16(%rsp)
    movdqu %xmm2, 32(%rsp)
    movdqu %xmm3, 48(%rsp)
    movdqu %xmm4, 64(%rsp)
    movdqu %xmm5, 80(%rsp)
    movdqu %xmm6, 96(%rsp)
    movdqu %xmm7, 112(%rsp)
    movq %r11, %rdi
    call lazy_resolve
    movq %rax, %r11
    movdqu 0(%rsp), %xmm0
    movdqu 16(%rsp), %xmm1
    movdqu 32(%rsp), %xmm2
    movdqu 48(%rsp), %xmm3
    movdqu 64(%rsp), %xmm4
    movdqu 80(%rsp), %xmm5
    movdqu 96(%rsp), %xmm6
    movdqu 112(%rsp), %xmm7
    addq $136, %rsp
    popq %rax
    popq %r9
    popq %r8
    popq %rcx
    popq %rdx
    popq %rsi
    popq %rdi
    popq %rbp
    jmp *%r11
    .size lazy_common, .-lazy_common

#endif

    .section .note.GNU-stack,"",@progbits
