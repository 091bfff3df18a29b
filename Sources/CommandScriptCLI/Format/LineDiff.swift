// What `cmdscript fmt --diff` prints: the lines that change, as a unified diff (`diff -u`,
// `gofmt -d`), found with Myers's algorithm, so that a layout that changes few lines costs
// little however long the script.

/// A unified diff of two texts, line by line.
enum LineDiff {
  /// The hunks that turn `old` into `new`, each with `context` unchanged lines around it,
  /// under `--- oldName` and `+++ newName` headers; empty if the texts are equal.
  static func unified(_ old: String, _ new: String, oldName: String, newName: String, context: Int = 3) -> String {
    let a = lines(old)
    let b = lines(new)
    let script = edits(a, b)
    guard script.contains(where: { $0 != .same }) else { return "" }
    var out = "--- \(oldName)\n+++ \(newName)\n"
    // Each edit with the line it stands at in `a` and in `b`.
    var steps: [(edit: Edit, i: Int, j: Int)] = []
    var (i, j) = (0, 0)
    for edit in script {
      steps.append((edit, i, j))
      switch edit {
      case .same: (i, j) = (i + 1, j + 1)
      case .delete: i += 1
      case .insert: j += 1
      }
    }
    var k = 0
    while k < steps.count {
      guard steps[k].edit != .same else {
        k += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` lines after the last
      // change that is at most 2 × `context` unchanged lines from the one before it.
      let first = max(0, k - context)
      var last = k
      var scan = k
      while scan < steps.count {
        if steps[scan].edit != .same {
          last = scan
        } else if scan - last > 2 * context {
          break
        }
        scan += 1
      }
      let end = min(steps.count, last + context + 1)
      let hunk = steps[first..<end]
      let oldCount = hunk.count { $0.edit != .insert }
      let newCount = hunk.count { $0.edit != .delete }
      let oldStart = oldCount == 0 ? hunk.first!.i : hunk.first!.i + 1
      let newStart = newCount == 0 ? hunk.first!.j : hunk.first!.j + 1
      out += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
      for step in hunk {
        switch step.edit {
        case .same: out += " " + a[step.i] + "\n"
        case .delete: out += "-" + a[step.i] + "\n"
        case .insert: out += "+" + b[step.j] + "\n"
        }
      }
      k = end
    }
    return out
  }

  enum Edit: Equatable {
    case same, delete, insert
  }

  /// The text's lines, without their line breaks.
  static func lines(_ text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// A shortest edit script from `a` to `b` (Myers, 1986): O((N + M) · D) time, where D is
  /// the number of lines that differ.
  static func edits(_ a: [Substring], _ b: [Substring]) -> [Edit] {
    let (n, m) = (a.count, b.count)
    let max = n + m
    var v = [Int](repeating: 0, count: 2 * max + 2)
    var trace: [[Int]] = []
    var found = false
    for d in 0...max where !found {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && v[max + k - 1] < v[max + k + 1]) ? v[max + k + 1] : v[max + k - 1] + 1
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        v[max + k] = x
        if x >= n, y >= m {
          found = true
          break
        }
      }
    }
    // Back from the end, through each round's furthest points.
    var script: [Edit] = []
    var (x, y) = (n, m)
    for d in stride(from: trace.count - 1, through: 0, by: -1) {
      let v = trace[d]
      let k = x - y
      let previousK = k == -d || (k != d && v[max + k - 1] < v[max + k + 1]) ? k + 1 : k - 1
      let previousX = d == 0 ? 0 : v[max + previousK]
      let previousY = previousX - previousK
      while x > previousX, y > previousY {
        script.append(.same)
        x -= 1
        y -= 1
      }
      if d > 0 { script.append(x == previousX ? .insert : .delete) }
      (x, y) = (previousX, previousY)
    }
    return script.reversed()
  }
}
