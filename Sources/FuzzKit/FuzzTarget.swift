/// The seam between the fuzz command and the property-testing engine: what
/// `snapshot-fuzz` needs to list, generate, check, shrink, render and
/// persist cases, and nothing more.
///
/// The command never sees a generator or a property directly, so its
/// process management, scheduling, statistics and reports are independent
/// of how properties are written. `CatalogTarget` adapts the engine's
/// property catalog (`PropertyTarget`); a test executable may hold
/// deliberately broken properties that exercise the command itself.
///
/// Generation and checking are separate steps so that a worker can announce
/// a case (with its replay token) before the code under test runs: a trap
/// during `check` then cannot lose the case.
public protocol FuzzTarget: Sendable {
  /// The property names, sorted.
  var propertyNames: [String] { get }

  /// The coverage requirements of `property`: a label and the minimum share
  /// of cases that must carry it.
  func coverageRequirements(of property: String) -> [(label: String, minimumShare: Double)]

  /// `required` or `contract` for `property`; `nil` when unknown or untagged.
  func tag(of property: String) -> String?

  /// Whether `property`'s cases pass by trapping: they run only in worker
  /// processes, a trap passes and a normal return fails.
  func expectsTrap(_ property: String) -> Bool

  /// Case `index` of `property` in the run with `seed`; draws the choices
  /// but runs nothing under test. `nil` when the property is unknown.
  func generate(property: String, seed: UInt64, index: Int) -> FuzzCase?

  /// The case a replay token names.
  /// - Throws: `FuzzInputError.malformed` for a malformed token or an
  ///   unknown property.
  func decode(token: String) throws(FuzzInputError) -> FuzzCase

  /// The case that `property` decodes from raw bytes (a libFuzzer input):
  /// the bytes are read as the choice sequence.
  /// - Throws: `FuzzInputError.malformed` for an unknown property.
  func decode(property: String, bytes: [UInt8]) throws(FuzzInputError) -> FuzzCase

  /// The case stored in a regression-corpus entry at `path`.
  /// - Throws: `FuzzInputError.malformed` when the file is not an entry.
  func decodeCorpusEntry(at path: String) throws(FuzzInputError) -> FuzzCase

  /// Records a minimised failure found by the run with `seed` in the
  /// regression corpus under `folder`.
  /// - Returns: the path of the entry written.
  /// - Throws: `FuzzInputError.io` when it cannot be written.
  func recordInCorpus(_ failure: FuzzCase, message: String, seed: UInt64?, folder: String)
    throws(FuzzInputError) -> String
}

extension FuzzTarget {
  /// No tag by default.
  public func tag(of property: String) -> String? { nil }

  /// No property expects a trap by default.
  public func expectsTrap(_ property: String) -> Bool { false }

}
