#if os(Linux)
  import Glibc

  // The Swift runtime finds a Linux program's arguments in a static initialiser that reads
  // /proc/self/maps line by line with `sscanf` to find the stack, then walks back from
  // `environ` to `argv`: 120,000 instructions (a tenth of `cmdscript -c ''`) before `main`,
  // whether or not the program reads its arguments. This definition of the runtime's
  // function takes its place in the statically linked release binary (the linker then
  // leaves out the runtime's, and its initialiser with it) and reads the same strings from
  // /proc/self/cmdline, once, when `CommandLine` is first used. Linked against the shared
  // runtime (debug builds, tests), the runtime keeps its own and this one is never called.

  /// A C argument vector: pointers to the arguments, then a null pointer.
  public typealias CArguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

  /// The process's `argc` and `argv`, read once.
  nonisolated(unsafe) private var argumentVector: (count: Int32, vector: CArguments)? = nil

  /// The Swift runtime's `_swift_stdlib_getUnsafeArgvArgc`, which `CommandLine` calls:
  /// stores `argc` in `count` and returns `argv`.
  @_silgen_name("_swift_stdlib_getUnsafeArgvArgc")
  public func unsafeArgumentVector(_ count: UnsafeMutablePointer<Int32>) -> CArguments {
    if let known = argumentVector {
      count.pointee = known.count
      return known.vector
    }
    // The arguments, each ended by a null byte, as the kernel keeps them.
    var capacity = 4096
    var length = 0
    var bytes = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    let file = open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC)
    if file >= 0 {
      while true {
        if length == capacity {
          let larger = UnsafeMutablePointer<CChar>.allocate(capacity: capacity * 2)
          larger.moveInitialize(from: bytes, count: length)
          bytes.deallocate()
          (bytes, capacity) = (larger, capacity * 2)
        }
        let read = Glibc.read(file, bytes + length, capacity - length)
        if read > 0 {
          length += read
        } else if read < 0 && errno == EINTR {
          continue
        } else {
          break
        }
      }
      close(file)
    }
    var argc = 0
    for index in 0..<length where bytes[index] == 0 { argc += 1 }
    let vector = CArguments.allocate(capacity: argc + 1)
    var next = 0
    var start = 0
    for index in 0..<length where bytes[index] == 0 {
      vector[next] = bytes + start
      next += 1
      start = index + 1
    }
    vector[argc] = nil
    argumentVector = (Int32(argc), vector)
    count.pointee = Int32(argc)
    return vector
  }
#endif
