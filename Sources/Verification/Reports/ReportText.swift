/// Text shared by the report renderers.
enum ReportText {
  /// The command that repeats the run: the run's own command line when
  /// the report has it; for a merge, a loop over its shards.
  static func repeatCommand(_ report: FuzzReport) -> String {
    var command = report.command ?? "swift run -c release snapshot-fuzz run --seed \(report.seed)"
    if report.command == nil, let shard = report.shard, shard.count > 1 { command += " --shard \(shard)" }
    guard report.mergedShards.count > 1 else { return command }
    let shards = report.mergedShards.map(\.description)
    if let shard = report.mergedShards.first(where: { command.contains("--shard \($0)") }) {
      command = command.replacingOccurrences(of: "--shard \(shard)", with: "--shard \"$shard\"")
    } else {
      command += " --shard \"$shard\""
    }
    return "for shard in \(shards.joined(separator: " ")); do \(command); done"
  }

  /// The verdict of a failed run, e.g. "3 of 29 properties failed (3
  /// failures recorded, 1 coverage shortfall)". A property's `failures`
  /// column counts failing cases, which can exceed the recorded (shrunk)
  /// failures when several were in flight.
  static func failedProperties(_ report: FuzzReport) -> String {
    let shortfalls = report.properties.filter { !$0.coverageShortfalls.isEmpty }.count
    let failed = report.properties.filter {
      $0.failures > 0 || !$0.coverageShortfalls.isEmpty
    }.count
    return "\(failed) of \(report.properties.count) properties failed "
      + "(\(report.failures.count) failure(s) recorded, \(shortfalls) coverage shortfall(s))"
  }
}
