/// A mutant left out because its site did not compile, with the
/// compiler's reason.
public struct DroppedMutant: Hashable, Sendable, Codable {
  /// The mutant.
  public var mutant: Mutant
  /// The compiler's error on its line.
  public var reason: String
}
