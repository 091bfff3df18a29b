// The index a verb takes into a receiver's list or text, checked where the verb uses it,
// with the failure a script's author reads: what every edit verb of a list would write.

extension Collection {
  /// The index of the `n`th element, counting from 1 as a script does (`todo.done 2`), or
  /// the failure that there is none: "there is no item 3: the list has 2".
  ///
  /// ```swift
  /// Verb("done", .integer("n", 1...Int.max), summary: "mark item n done", restoring: \.items) {
  ///   list, n throws(CommandFailure) in list.items[try list.items.position(n)].done = true
  /// }
  /// ```
  public func position(_ n: Int, of noun: String = "item", in whole: String = "the list") throws(CommandFailure)
    -> Index
  {
    guard n >= 1, n <= count else { throw CommandFailure("there is no \(noun) \(n): \(whole) has \(count)") }
    return index(startIndex, offsetBy: n - 1)
  }

  /// The index `n` elements from the start (0 to the count, the end included), where a verb
  /// inserts (`text.insert 3 "x"`), or the failure that there is no such place.
  public func offset(_ n: Int, in whole: String = "the text") throws(CommandFailure) -> Index {
    guard n >= 0, n <= count else { throw CommandFailure("there is no offset \(n): \(whole) has \(count)") }
    return index(startIndex, offsetBy: n)
  }

  /// The `length` elements from offset `n` (`text.delete 3 2`), or the failure that they
  /// are not all there.
  public func span(_ n: Int, _ length: Int, in whole: String = "the text") throws(CommandFailure) -> Range<Index> {
    let start = try offset(n, in: whole)
    guard length >= 0, length <= count - n else {
      throw CommandFailure("there are no \(length) from offset \(n): \(whole) has \(count)")
    }
    return start..<index(start, offsetBy: length)
  }
}
