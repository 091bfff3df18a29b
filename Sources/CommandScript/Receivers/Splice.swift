// The undo record of a verb that edits a collection (a text, a list): the run it replaced,
// not a copy of the whole value, so that the `restoring:` form stays the shortest one for
// a large value too.

/// A value whose edits a ``Splice`` records: a `String` (by its UTF-8 bytes) or an `Array`
/// of equatable elements.
public protocol Spliceable {
  /// Where `old` and `new` first differ and last differ: the elements before the edit, the
  /// run of `old` it replaced, and how many elements it put in their place.
  static func edit(from old: Self, to new: Self) -> (offset: Int, removed: Self, inserted: Int)
  /// Undoes that edit: puts `removed` back in place of the `inserted` elements at `offset`.
  mutating func revertEdit(offset: Int, removed: Self, inserted: Int)
  /// How many elements edits count in: UTF-8 bytes for a `String`, elements for an `Array`.
  var editCount: Int { get }
}

/// What undo needs to put back a value that a verb edited: where the edit was, what it
/// replaced, and how much it put in its place. A receiver whose `Undo` is `Splice<String>`
/// declares its verbs with `restoring: \.text`, and each step keeps the characters it
/// changed, not the text (3,000 inserts of 100 characters: 28 MB at peak, not 499 MB).
///
/// A record fits only the value as the edit left it. A value changed outside the session's
/// verbs (a text field bound to it) no longer matches the records: undo checks that the
/// value still has the length the edit left it with, and otherwise fails, changing nothing.
public struct Splice<Value: Spliceable> {
  let offset: Int
  /// A copy of the run alone: a slice would keep the whole old value alive.
  let removed: Value
  let inserted: Int
  /// The value's ``Spliceable/editCount`` after the edit.
  let count: Int

  /// The edit that turned `old` into `new`: what lies between their common prefix and
  /// their common suffix. Linear in their lengths.
  public init(from old: Value, to new: Value) {
    (offset, removed, inserted) = Value.edit(from: old, to: new)
    count = new.editCount
  }

  /// Whether `value` can be as the edit left it: it has the same length. A value changed
  /// since, outside the verbs that recorded edits, usually has not, and reverting would
  /// put the run back in the wrong place.
  public func fits(_ value: Value) -> Bool { value.editCount == count }

  /// Puts back in `value`, as the edit left it, what the edit replaced. On a value the
  /// record does not fit (``fits(_:)``), the edit's ends are kept inside the value: the
  /// result is then wrong, but nothing traps.
  public func revert(_ value: inout Value) {
    let start = min(offset, value.editCount)
    value.revertEdit(offset: start, removed: removed, inserted: min(inserted, value.editCount - start))
  }
}

extension Splice: Sendable where Value: Sendable {}

extension String: Spliceable {
  /// Compared byte by byte (comparing characters would find grapheme boundaries, a
  /// hundred times slower); the edit's ends are moved back to whole Unicode scalars.
  public static func edit(from old: String, to new: String) -> (offset: Int, removed: String, inserted: Int) {
    let (a, b) = (Array(old.utf8), Array(new.utf8))
    let shorter = Swift.min(a.count, b.count)
    var prefix = 0
    while prefix < shorter, a[prefix] == b[prefix] { prefix += 1 }
    func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
    while prefix > 0, (prefix < a.count && isContinuation(a[prefix])) || (prefix < b.count && isContinuation(b[prefix]))
    {
      prefix -= 1
    }
    var suffix = 0
    while suffix < shorter - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
    while suffix > 0, isContinuation(a[a.count - suffix]) { suffix -= 1 }
    return (prefix, String(decoding: a[prefix..<a.count - suffix], as: UTF8.self), b.count - suffix - prefix)
  }

  public var editCount: Int { utf8.count }

  public mutating func revertEdit(offset: Int, removed: String, inserted: Int) {
    let start = utf8.index(utf8.startIndex, offsetBy: offset)
    unicodeScalars.replaceSubrange(start..<utf8.index(start, offsetBy: inserted), with: removed.unicodeScalars)
  }
}

extension Array: Spliceable where Element: Equatable {
  public static func edit(from old: [Element], to new: [Element]) -> (offset: Int, removed: [Element], inserted: Int) {
    let shorter = Swift.min(old.count, new.count)
    var prefix = 0
    while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return (prefix, Array(old[prefix..<old.count - suffix]), new.count - suffix - prefix)
  }

  public var editCount: Int { count }

  public mutating func revertEdit(offset: Int, removed: [Element], inserted: Int) {
    replaceSubrange(offset..<offset + inserted, with: removed)
  }
}

extension Verb {
  /// An undoable verb that edits the value at `keyPath` (`restoring: \.text`), whose undo
  /// record is the run it changed (``Splice``), not a copy: for a receiver whose `Undo` is
  /// `Splice` of that value.
  public init<Value>(
    _ name: String, _ parameters: [Parameter] = [], summary: String,
    restoring keyPath: ReferenceWritableKeyPath<R, Value>,
    execute: @escaping (R, Arguments) throws(CommandFailure) -> Void
  ) where R.Undo == Splice<Value> {
    // Key paths are immutable values; the type does not say Sendable for lack of syntax.
    nonisolated(unsafe) let keyPath = keyPath
    self.init(
      name, parameters, summary: summary,
      execute: { receiver, arguments throws(CommandFailure) in
        let old = receiver[keyPath: keyPath]
        try execute(receiver, arguments)
        return Splice(from: old, to: receiver[keyPath: keyPath])
      }, undo: { receiver, _, splice in splice.revert(&receiver[keyPath: keyPath]) })
    recordFits = { receiver, splice in splice.fits(receiver[keyPath: keyPath]) }
  }

  /// The ``Splice`` form of `restoring:` with typed parameters.
  public init<each T, Value>(
    _ name: String, _ parameters: repeat TypedParameter<each T>, summary: String,
    restoring keyPath: ReferenceWritableKeyPath<R, Value>,
    execute: @escaping (R, repeat each T) throws(CommandFailure) -> Void
  ) where R.Undo == Splice<Value> {
    nonisolated(unsafe) let keyPath = keyPath
    self.init(
      name, repeat each parameters, summary: summary, saving: { $0[keyPath: keyPath] },
      recording: { receiver, old in Splice(from: old, to: receiver[keyPath: keyPath]) },
      undo: { receiver, splice in splice.revert(&receiver[keyPath: keyPath]) }, execute: execute)
    recordFits = { receiver, splice in splice.fits(receiver[keyPath: keyPath]) }
  }
}
