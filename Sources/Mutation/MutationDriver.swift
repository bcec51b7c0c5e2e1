import Foundation

/// Runs a mutation analysis: finds the sites of a target's sources, builds
/// every mutant into one scratch build (dropping sites that do not
/// compile), checks that the unmutated program passes, judges each mutant
/// in a child process and gives the report.
///
/// The build and judging steps are closures (`SwiftBuild`'s by default),
/// so tests can drive the driver with fakes.
public struct MutationDriver: Sendable {
  /// The run's settings.
  public var options: MutationOptions
  /// Builds the scratch package at the URL; gives the executable or the
  /// compiler output.
  public var build: @Sendable (URL) -> Result<URL, SwiftBuild.BuildFailure>
  /// Judges a mutant: the executable, the mutant's number (0 for the
  /// unmutated baseline) and a folder for the run's output.
  public var judge: @Sendable (URL, Int, URL) -> Verdict
  /// Receives progress lines.
  public var progress: @Sendable (String) -> Void

  /// Rounds of dropping sites that fail to compile before giving up.
  public static let maximumBuildRounds = 8

  /// A driver with the real steps: `swift build` of `options.executable`
  /// and its `run` subcommand.
  public init(options: MutationOptions, progress: @escaping @Sendable (String) -> Void = { _ in }) {
    self.options = options
    let product = options.executable
    let configuration = options.configuration
    build = { SwiftBuild.build(package: $0, product: product, configuration: configuration) }
    judge = { SwiftBuild.judge(executable: $0, number: $1, options: options, folder: $2) }
    self.progress = progress
  }

  /// The package folder, absolute.
  public var packageURL: URL { URL(fileURLWithPath: options.packageDirectory).standardizedFileURL }
  /// The report folder, absolute.
  public var outURL: URL { URL(fileURLWithPath: options.out).standardizedFileURL }
  /// The work folder, absolute: `options.work`, or `.build/mutate/<target>`
  /// in the package.
  public var workURL: URL {
    guard let work = options.work else {
      return packageURL.appendingPathComponent(".build/mutate/\(options.target)")
    }
    return URL(fileURLWithPath: work).standardizedFileURL
  }
  /// The scratch copy of the package.
  public var scratchURL: URL { workURL.appendingPathComponent("scratch") }
  /// The resume state.
  public var stateURL: URL { workURL.appendingPathComponent("state.json") }

  /// The target's sources, as (package-relative path, text), sorted.
  /// - Throws: `MutationError.noSources` when there are none.
  public func sources() throws(MutationError) -> [(path: String, text: String)] {
    let folder = packageURL.appendingPathComponent("Sources").appendingPathComponent(options.target)
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else {
      throw .noSources("no folder \(folder.path)")
    }
    var files: [(String, String)] = []
    while let next = walker.nextObject() as? String {
      guard next.hasSuffix(".swift"), !next.hasSuffix(MutantSchemata.helperFileName) else {
        continue
      }
      let path = "Sources/\(options.target)/\(next)"
      guard options.includes(file: path) else { continue }
      guard let text = try? String(contentsOf: folder.appendingPathComponent(next), encoding: .utf8)
      else { throw .io("cannot read \(path)") }
      files.append((path, text))
    }
    guard !files.isEmpty else { throw .noSources("no Swift file in \(folder.path) passes --files") }
    return files.sorted { $0.0 < $1.0 }
  }

  /// The sites to judge: every site of `sources()` for the chosen
  /// operators, in id order, sampled evenly down to `options.limit`.
  /// - Throws: as `sources()`.
  public func sites() throws(MutationError) -> [MutationSite] {
    let operators = Set(options.operators)
    let all = try sources().flatMap {
      MutationSites.find(in: $0.text, file: $0.path, operators: operators)
    }.sorted()
    guard let limit = options.limit, limit < all.count else { return all }
    return (0..<limit).map { all[$0 * all.count / limit] }
  }

  /// Runs the analysis and writes the state file as it goes; the reports
  /// are the caller's (`MutationReportWriter`).
  /// - Throws: `MutationError` when there is nothing to mutate, the build
  ///   fails outside every site, the baseline fails, or a file cannot be
  ///   written.
  public func run() throws(MutationError) -> MutationReport {
    let started = Date()
    let sources = try self.sources()
    let chosen = try sites()
    let state = options.resume ? MutationState.load(from: stateURL, settings: settings) : nil
    try ScratchCopy.mirror(packageURL, to: scratchURL, skipping: [outURL, workURL])
    let (executable, sites, dropped) = try buildMutants(
      chosen, sources: sources, predropped: state?.dropped ?? [])
    progress("mutate: built \(sites.count) mutants (\(dropped.count) dropped); baseline run")
    let runs = workURL.appendingPathComponent("runs")
    let baseline = judge(executable, 0, runs.appendingPathComponent("baseline"))
    guard baseline.outcome == .exited(0) else {
      throw .baselineFailed(
        baseline.result(id: "baseline", seconds: 0).detail
          + (baseline.property.map { " (\($0))" } ?? ""))
    }
    let ledger = Ledger(
      sites: sites, previous: state?.results ?? [], dropped: dropped, settings: settings,
      stateURL: stateURL)
    try ledger.save()
    let pending = sites.indices.filter { !ledger.isDone(sites[$0].mutant.id) }
    if pending.count < sites.count {
      progress("mutate: resuming, \(sites.count - pending.count) of \(sites.count) already judged")
    }
    let judge = self.judge
    let progress = self.progress
    let jobs = max(1, min(options.jobs, pending.count))
    DispatchQueue.concurrentPerform(iterations: jobs) { _ in
      while let index = ledger.next(of: pending) {
        let site = sites[index]
        let began = Date()
        let verdict = judge(executable, index + 1, runs.appendingPathComponent("\(index + 1)"))
        let result = verdict.result(id: site.mutant.id, seconds: Date().timeIntervalSince(began))
        try? FileManager.default.removeItem(at: runs.appendingPathComponent("\(index + 1)"))
        try? FileManager.default.removeItem(at: runs.appendingPathComponent("\(index + 1).log"))
        progress(ledger.record(result))
      }
    }
    try ledger.save()
    return MutationReport(
      options: options, startedAt: started, duration: Date().timeIntervalSince(started),
      mutants: sites.map(\.mutant), results: ledger.results(for: sites), dropped: dropped)
  }

  /// What must match for `--resume` to keep a previous run's results.
  var settings: String {
    "\(options.target)|\(options.executable)|seed \(options.seed)|cases \(options.cases)|"
      + "\(options.configuration)"
  }

  /// Builds the scratch copy with `sites` compiled in, dropping the sites
  /// on the lines the compiler rejects and rebuilding, up to
  /// `maximumBuildRounds` times.
  private func buildMutants(
    _ chosen: [MutationSite], sources: [(path: String, text: String)],
    predropped: [DroppedMutant]
  ) throws(MutationError) -> (URL, [MutationSite], [DroppedMutant]) {
    let skipped = Set(predropped.map(\.mutant.id))
    var sites = chosen.filter { !skipped.contains($0.mutant.id) }
    var dropped = predropped.filter { drop in chosen.contains { $0.mutant.id == drop.mutant.id } }
    for round in 1...Self.maximumBuildRounds {
      let siteOfLine = try writeSchemata(sites, sources: sources)
      progress("mutate: building \(sites.count) mutants (round \(round))")
      switch build(scratchURL) {
      case .success(let executable):
        return (executable, sites, dropped.sorted { $0.mutant < $1.mutant })
      case .failure(let failure):
        let culprits = BuildDiagnostics.culprits(
          in: failure.output, sites: sites, helperSiteOfLine: siteOfLine)
        guard !culprits.isEmpty else {
          throw .buildFailed(BuildDiagnostics.errors(in: failure.output))
        }
        let numbers = Set(culprits.keys)
        dropped += culprits.keys.sorted().map {
          DroppedMutant(mutant: sites[$0 - 1].mutant, reason: culprits[$0] ?? "")
        }
        sites = sites.enumerated().filter { !numbers.contains($0.offset + 1) }.map(\.element)
      }
    }
    throw .buildFailed("still failing after \(Self.maximumBuildRounds) rounds of dropping sites")
  }

  /// Writes the rewritten target sources and the helper into the scratch
  /// copy; gives the helper's line-to-site map.
  private func writeSchemata(
    _ sites: [MutationSite], sources: [(path: String, text: String)]
  ) throws(MutationError) -> [Int: Int] {
    let numbered = sites.enumerated().map { (number: $0.offset + 1, site: $0.element) }
    let helper = MutantSchemata.helper(for: numbered)
    let folder = scratchURL.appendingPathComponent("Sources").appendingPathComponent(options.target)
    do {
      for (path, text) in sources {
        let mine = numbered.filter { $0.site.mutant.file == path }
        try ScratchCopy.writeIfChanged(
          Data(MutantSchemata.rewrite(text, sites: mine).utf8),
          to: scratchURL.appendingPathComponent(path))
      }
      try ScratchCopy.writeIfChanged(
        Data(helper.text.utf8), to: folder.appendingPathComponent(MutantSchemata.helperFileName))
    } catch {
      throw .io("cannot write the scratch sources: \(error.localizedDescription)")
    }
    return helper.siteOfLine
  }
}
