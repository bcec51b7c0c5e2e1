import Foundation

/// The resume state of a mutation run (`state.json` in its out folder):
/// the settings the results hold for, the dropped sites and every result
/// so far, rewritten after each mutant.
struct MutationState: Codable {
  var settings: String
  var dropped: [DroppedMutant]
  var results: [MutantResult]

  /// The state at `url` if it was written with `settings`.
  static func load(from url: URL, settings: String) -> MutationState? {
    guard let data = FileManager.default.contents(atPath: url.path),
      let state = try? JSONDecoder().decode(MutationState.self, from: data),
      state.settings == settings
    else { return nil }
    return state
  }
}
