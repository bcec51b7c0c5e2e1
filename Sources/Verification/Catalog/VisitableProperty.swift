/// A property whose case type is hidden but recoverable: a visitor gets the
/// typed `Property<Case>`.
///
/// The catalog hands out its properties in this form for consumers that
/// need the typed value (the fuzz command generates and checks a case in
/// two steps); everyone else uses `AnyProperty`.
public protocol VisitableProperty: Sendable {
  /// The property's stable name.
  var name: String { get }
  /// Apple-required semantics or this engine's contract.
  var tag: PropertyTag { get }
  /// Whether a case passes by trapping (run only in child processes).
  var expectsTrap: Bool { get }
  /// Calls `visitor` with the typed property.
  func accept<Visitor: PropertyVisitor>(_ visitor: Visitor) -> Visitor.Output
}

/// Something done to a typed property, whatever its case type.
public protocol PropertyVisitor {
  /// The result of a visit.
  associatedtype Output
  /// Visits a typed property.
  func visit<Case>(_ property: Property<Case>) -> Output
}

extension Property: VisitableProperty {
  /// Calls `visitor` with this property.
  public func accept<Visitor: PropertyVisitor>(_ visitor: Visitor) -> Visitor.Output {
    visitor.visit(self)
  }
}

/// Erases a typed property to `AnyProperty`.
struct ErasingVisitor: PropertyVisitor {
  func visit<Case>(_ property: Property<Case>) -> AnyProperty {
    property.eraseToAnyProperty()
  }
}

extension VisitableProperty {
  /// The type-erased property.
  public func eraseToAnyProperty() -> AnyProperty { accept(ErasingVisitor()) }
}
