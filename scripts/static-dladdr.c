// Linked into the fully static `cmdscript` only (scripts/build-release compiles it and
// wraps glibc's dladdr with it: `-Wl,--wrap=dladdr`).
//
// A static program has no dynamic loader, so glibc's dladdr knows no object, not even the
// program itself. The Swift runtime asks dladdr for the file it lies in when the program
// starts (to find swift-backtrace beside it), falls back to reading /proc/self/exe, and
// without /proc (a chroot, some containers) stops the program with "Unable to obtain Swift
// runtime path" before `main`. For an address inside the program this answers as the
// loader does for a dynamically linked one: the path the program was started by (the
// kernel's AT_EXECFN, the loader's argv[0]) and the address it is loaded at.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <sys/auxv.h>

int __real_dladdr(const void *address, Dl_info *info);

// The first and the last byte of the program's image (the linker defines both).
extern const char __ehdr_start[];
extern const char _end[];

int __wrap_dladdr(const void *address, Dl_info *info) {
  if (__real_dladdr(address, info)) return 1;
  const char *path = (const char *)getauxval(AT_EXECFN);
  const char *byte = address;
  if (path == NULL || byte < __ehdr_start || byte >= _end) return 0;
  info->dli_fname = path;
  info->dli_fbase = (void *)__ehdr_start;
  info->dli_sname = NULL;
  info->dli_saddr = NULL;
  return 1;
}
