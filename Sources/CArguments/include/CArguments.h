#ifndef CARGUMENTS_H
#define CARGUMENTS_H

// The process's argument vector, as the C library passed it to the program's initialisers
// (arguments.c). Linking this target gives a program the Swift runtime's
// `_swift_stdlib_getUnsafeArgvArgc`, which `CommandLine` calls; nothing needs to import it.

/// Stores `argc` in `*count` and returns `argv` (ended by a null pointer), as the C library
/// gave them to the program before `main`.
char **_swift_stdlib_getUnsafeArgvArgc(int *count);

#endif
