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
}
