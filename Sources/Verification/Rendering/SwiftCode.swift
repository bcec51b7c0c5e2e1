/// Helpers that render counterexamples as ready-to-paste Swift Testing
/// code.
public enum SwiftCode {
  /// A complete `@Test` function named `name` whose body is `body`, one
  /// statement per line, indented two spaces.
  public static func test(named name: String, body: [String]) -> String {
    let lines = body.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
      .map { $0.isEmpty ? "" : "  " + $0 }
    return (["@Test func \(identifier(name))() throws {"] + lines + ["}"])
      .joined(separator: "\n")
  }

  /// `text` as a Swift identifier: letters and digits kept, anything else
  /// turned into `_`, camel-cased after dots.
  public static func identifier(_ text: String) -> String {
    var result = ""
    var upper = false
    for character in text {
      if character.isLetter || character.isNumber {
        result.append(upper ? Character(character.uppercased()) : character)
        upper = false
      } else {
        upper = true
      }
    }
    if let first = result.first, first.isNumber { result = "_" + result }
    return result.isEmpty ? "regression" : result
  }

  /// A Swift array literal of integers: `[1, 2, 3]`.
  public static func list(_ values: [Int]) -> String {
    "[" + values.map(String.init).joined(separator: ", ") + "]"
  }

  /// `text` as a Swift string literal (backslashes, quotes and newlines
  /// escaped).
  public static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// A Swift array literal of strings.
  public static func strings(_ values: [String]) -> String {
    "[" + values.map(string).joined(separator: ", ") + "]"
  }
}
