import Foundation

/// A value written as the Swift expression that makes it, read from the
/// value itself (`Mirror`): what an `IdentifierMapping` renders an id with
/// unless it writes its own literal.
///
/// Derived for strings, integers, booleans, floating-point numbers, `UUID`,
/// optionals and arrays of those, structs whose stored properties are all
/// derivable (as their memberwise initializer, `RowID(kind: "row", n: 3)`),
/// enums with a raw value (`Kind(rawValue: "row")!`) and enums without a
/// custom description (`Kind.row`, `Kind.row(3)`). Anything else (a class,
/// a type declared in a private context, an enum that describes itself)
/// has no derivable literal.
enum SwiftLiteral {
  /// The Swift expression for `value`, or `nil` when none can be derived.
  static func of(_ value: Any) -> String? {
    switch value {
    case let text as String: return SwiftCode.string(text)
    case let flag as Bool: return flag ? "true" : "false"
    case let number as any BinaryInteger: return "\(number)"
    case let number as Double: return number.isFinite ? "\(number)" : nil
    case let number as Float: return number.isFinite ? "\(number)" : nil
    case let uuid as UUID: return "UUID(uuidString: \"\(uuid.uuidString)\")!"
    default: return reflected(value)
    }
  }

  /// The literal of a value that is not a primitive, from its mirror.
  private static func reflected(_ value: Any) -> String? {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return of(wrapped)
    case .collection:
      let elements = mirror.children.map { of($0.value) }
      guard !elements.contains(where: { $0 == nil }) else { return nil }
      return "[" + elements.compactMap { $0 }.joined(separator: ", ") + "]"
    case .struct:
      guard let type = typeName(of: value) else { return nil }
      var arguments: [String] = []
      for child in mirror.children {
        guard let label = child.label, let literal = of(child.value) else { return nil }
        arguments.append("\(label): \(literal)")
      }
      return "\(type)(\(arguments.joined(separator: ", ")))"
    case .enum:
      return enumLiteral(value, mirror)
    default:
      return nil
    }
  }

  /// An enum case: by its raw value, or by its case name (which only a
  /// type without a custom description gives away).
  private static func enumLiteral(_ value: Any, _ mirror: Mirror) -> String? {
    guard let type = typeName(of: value) else { return nil }
    if let raw = value as? any RawRepresentable, let literal = of(raw.rawValue) {
      return "\(type)(rawValue: \(literal))!"
    }
    guard !(value is CustomStringConvertible), !(value is CustomDebugStringConvertible) else {
      return nil
    }
    guard let payload = mirror.children.first else { return "\(type).\(value)" }
    guard let name = payload.label else { return nil }
    let inner = Mirror(reflecting: payload.value)
    if inner.displayStyle == .tuple {
      var arguments: [String] = []
      for child in inner.children {
        guard let literal = of(child.value) else { return nil }
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        arguments.append(label.map { "\($0): \(literal)" } ?? literal)
      }
      return "\(type).\(name)(\(arguments.joined(separator: ", ")))"
    }
    return of(payload.value).map { "\(type).\(name)(\($0))" }
  }

  /// The type's name as code in the user's module writes it: the fully
  /// qualified name without its module (`Outer.RowID`); `nil` for a type
  /// of a private or local context, which no other file can name.
  static func typeName(of value: Any) -> String? {
    let full = String(reflecting: type(of: value))
    guard !full.contains("(") else { return nil }
    guard let dot = full.firstIndex(of: "."), !full[..<dot].contains("<") else { return full }
    return String(full[full.index(after: dot)...])
  }
}
