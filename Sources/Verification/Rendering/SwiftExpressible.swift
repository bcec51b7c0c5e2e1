import SnapshotCore

/// A type whose rendered tests make a value by an expression other than
/// `Type()`.
protocol SwiftExpressible {
  /// The expression that makes a value, in Swift.
  static var swiftExpression: String { get }
}

extension ComposedDiffer: SwiftExpressible {
  /// `ComposedDiffer(Base(), snapshot: Snapshot.self)`.
  static var swiftExpression: String {
    "ComposedDiffer(\(Base.self)(), snapshot: \(Snapshot.self).self)"
  }
}

extension SwiftCode {
  /// The expression that makes a value of `type` in a rendered test:
  /// its own (`SwiftExpressible`), else `name()`.
  static func expression(making type: Any.Type, named name: String) -> String {
    (type as? any SwiftExpressible.Type)?.swiftExpression ?? "\(name)()"
  }
}
