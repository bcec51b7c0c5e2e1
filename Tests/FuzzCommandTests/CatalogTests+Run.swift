import Foundation
import SnapshotFuzzCommand
import Verification

extension CatalogTests {
  /// Every property's verdict, from one contained run of the whole
  /// catalog (its budget groups one after another, each over all cores):
  /// the `DIFFABLE_*` variables over the fixed seed, each property's
  /// declared budget and the committed corpus.
  static let catalogRun: [String: ContainedCheck.Verdict] = {
    let environment = ProcessInfo.processInfo.environment
    var verdicts: [String: ContainedCheck.Verdict] = [:]
    var plan: [(name: String, configuration: RunConfiguration)] = []
    for property in Catalog.all {
      let name = property.name
      let base = RunConfiguration(
        seed: seed, cases: property.budget, corpusDirectory: corpus.directory.path)
      do throws(ConfigurationError) {
        plan.append((name, try RunConfiguration.fromEnvironment(environment, base: base)))
      } catch {
        verdicts[name] = ContainedCheck.Verdict(
          name: name, summary: "\(name): not run", problems: ["\(name): \(error.description)"])
      }
    }
    for verdict in ContainedCheck(executable: FuzzExecutable.url).check(plan) {
      verdicts[verdict.name] = verdict
    }
    return verdicts
  }()
}
