// The Swift runtime finds a Linux program's arguments in a static initialiser that reads
// /proc/self/maps line by line with `sscanf` to find the stack, then walks back from
// `environ` to `argv`: 100,000 instructions before `main`, whether or not the program reads
// its arguments, and none at all where /proc is not mounted (a chroot, some containers).
// Here the arguments come from the process itself, with no file read: glibc calls each
// function of `.init_array` with `argc`, `argv` and `envp`, in static and dynamic programs
// alike.
// - Statically linked (scripts/build-release), this file's definition of the runtime's
//   `_swift_stdlib_getUnsafeArgvArgc`, which `CommandLine` calls, takes the place of the
//   runtime's: the linker then leaves out the runtime's, and its initialiser with it.
// - Linked against the shared runtime (debug builds, tests), the runtime keeps its own
//   (not exported, so never this one), and is handed the arguments through its
//   `_swift_stdlib_overrideUnsafeArgvArgc`. That reference is weak, so that in a static link
//   it pulls in nothing (the two functions share one object file of the runtime).
#include <stdlib.h>

// glibc only: musl calls initialisers without arguments, and there the runtime keeps its
// own search.
#if defined(__linux__) && defined(__GLIBC__)
#include "CArguments.h"

// No arguments, until the C library gives them (`CommandLine` needs a vector either way).
static char *noArguments[1];
static int argumentCount;
static char **argumentVector = noArguments;

extern void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) __attribute__((weak));

static void keepArguments(int argc, char **argv, char **envp) {
  (void)envp;
  argumentCount = argc;
  argumentVector = argv;
  if (_swift_stdlib_overrideUnsafeArgvArgc) _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
}

// An entry of `.init_array` rather than `__attribute__((constructor))`, whose signature
// promises no arguments.
__attribute__((section(".init_array"), used)) static void (*const keepArgumentsEntry)(
    int, char **, char **) = keepArguments;

char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
  *count = argumentCount;
  return argumentVector;
}
#endif
