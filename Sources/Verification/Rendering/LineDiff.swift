/// A `-`/`+` line diff of two texts (swift-custom-dump style): common lines
/// are indented by two spaces, lines only in `expected` start with `- `,
/// lines only in `actual` with `+ `. Based on a longest common subsequence
/// of lines, so it is meant for the small states of a counterexample.
public enum LineDiff {
  /// The diff of `expected` and `actual`, line by line.
  /// - Complexity: O(*n* × *m*) in the line counts.
  public static func render(expected: String, actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          a[i] == b[j]
          ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        lines.append("  " + a[i])
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        lines.append("- " + a[i])
        i += 1
      } else {
        lines.append("+ " + b[j])
        j += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
