// The bounds a session runs within, as one value that the timeline owns (`Timeline.limits`),
// and the names each bound had as a property of its own, kept for apps written against them.

extension Session {
  /// The bounds statements run within: how much history is kept, and how many commands,
  /// how long a string and how many bytes of values and of output statements may take
  /// before one fails (rolled back). Every bound is nil, no limit, by default;
  /// `cmdscript --safe` sets all but the history's.
  ///
  /// ```swift
  /// session.limits.steps = 100_000  // at most this many receiver commands per run
  /// session.limits.history = 500    // keep the last 500 undo steps
  /// ```
  public struct Limits: Equatable, Sendable {
    /// At most this many undo steps are kept (nil: no limit); older ones are dropped, as
    /// with UndoManager's `levelsOfUndo`, so a long-running session holds bounded memory.
    /// A negative limit stands as 0.
    public var history: Int?

    /// At most this many receiver commands are executed until ``Session/resetSteps()``
    /// (nil: no limit). The statement that would exceed it fails, rolled back. A host sets
    /// it per run, or per statement in a REPL; a new step limit starts counting afresh.
    public var steps: Int?

    /// The longest string, in bytes, that a statement may make by putting values into a
    /// string (`"$s$s"`); nil: no limit. The statement that would make a longer one fails,
    /// rolled back. `cmdscript --safe` sets 1 MiB, so that a script cannot ask for
    /// unbounded memory by multiplying a string at each macro call. A negative limit stands
    /// as 0.
    public var string: Int?

    /// The bytes of strings that statements may make by putting values into strings and
    /// joining them (`"$s$s"`, `"a" + s`), in all, until ``Session/resetSteps()``; nil: no
    /// limit. It bounds the memory values can take (macro arguments, commands' arguments
    /// kept in the history) however they are held. The statement that would pass it fails,
    /// rolled back. `cmdscript --safe` sets 64 MiB.
    public var values: Int?

    /// The bytes of text that `echo` and `show` may print, in all, until
    /// ``Session/resetSteps()`` (`show` counted as its states' descriptions); nil: no
    /// limit. The statement that would pass it fails, rolled back, after what it printed
    /// before. `cmdscript --safe` sets 16 MiB.
    public var output: Int?

    /// Bounds as given; nil for none.
    public init(history: Int? = nil, steps: Int? = nil, string: Int? = nil, values: Int? = nil, output: Int? = nil) {
      (self.history, self.steps, self.string, self.values, self.output) = (history, steps, string, values, output)
    }
  }

  /// The bounds statements run within (see ``Limits``): change one field
  /// (`session.limits.steps = 1000`) or set them all at once.
  public var limits: Limits {
    get { timeline.limits }
    set { timeline.limits = newValue }
  }

  // The bounds' names of old: each forwards to its field of `limits` and, as it did, starts
  // counting afresh when set (a step limit always; a value or output limit its own bytes).

  /// ``Limits/history``.
  @available(*, deprecated, renamed: "limits.history")
  public var historyLimit: Int? {
    get { limits.history }
    set { limits.history = newValue }
  }

  /// ``Limits/steps``.
  @available(*, deprecated, renamed: "limits.steps")
  public var stepLimit: Int? {
    get { limits.steps }
    set {
      limits.steps = newValue
      timeline.resetSteps()
    }
  }

  /// ``Limits/string``.
  @available(*, deprecated, renamed: "limits.string")
  public var stringLimit: Int? {
    get { limits.string }
    set { limits.string = newValue }
  }

  /// ``Limits/values``.
  @available(*, deprecated, renamed: "limits.values")
  public var valueLimit: Int? {
    get { limits.values }
    set {
      limits.values = newValue
      timeline.invoker.valueBudget.reset()
    }
  }

  /// ``Limits/output``.
  @available(*, deprecated, renamed: "limits.output")
  public var outputLimit: Int? {
    get { limits.output }
    set {
      limits.output = newValue
      timeline.invoker.outputBudget.reset()
    }
  }
}
