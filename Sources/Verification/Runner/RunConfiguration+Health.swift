extension RunConfiguration {
  /// Why a run of `cases` checked and `discards` discarded cases is
  /// unhealthy, or `nil`: once 50 cases were generated, more than
  /// `maxDiscardRatio` of them were discarded (the generator filters
  /// instead of generating valid cases). `Runner` stops on it; the fuzz
  /// command's catalog tests judge its reports by it.
  public func healthProblem(cases: Int, discards: Int) -> String? {
    let generated = cases + discards
    guard generated >= 50, Double(discards) / Double(generated) > maxDiscardRatio else {
      return nil
    }
    return "\(discards) of \(generated) generated cases were discarded "
      + "(more than \(format3(maxDiscardRatio * 100))%); "
      + "generate valid cases directly instead of filtering"
  }
}
