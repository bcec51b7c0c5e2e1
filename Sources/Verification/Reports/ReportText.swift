/// Text shared by the report renderers.
enum ReportText {
  /// The command that repeats the run (or, for a merge, one of its shards).
  static func repeatCommand(_ report: FuzzReport) -> String {
    var command = "swift run -c release snapshot-fuzz run --seed \(report.seed)"
    if let shard = report.shard, shard.count > 1 { command += " --shard \(shard)" }
    if report.mergedShards.count > 1 {
      command += " --shard I/\(report.mergedShards.first?.count ?? 1)"
    }
    return command
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
