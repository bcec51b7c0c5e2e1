import Generators
import SnapshotCore
import SnapshotModel

/// A case whose calls the reference model may reject: the guards skip
/// those of the families declared `.traps` or `.unspecified`.
protocol RejectingCalls {
  /// The misuse family of each of the case's commands the reference model
  /// rejects (each carries the `throws` label), in order.
  var rejectedFamilies: [MisuseFamily] { get }
}

extension FullScript: RejectingCalls {
  var rejectedFamilies: [MisuseFamily] {
    var model = start(as: ModelSnapshot<Int, Int>.self)
    return commands.compactMap { command in
      do throws(SnapshotError) {
        try command.apply(to: &model)
        return nil
      } catch {
        return command.misuseFamily
      }
    }
  }
}

extension SectionScript: RejectingCalls {
  var rejectedFamilies: [MisuseFamily] {
    Array(repeating: .sectionSnapshotMutations, count: labels.count { $0 == "throws" })
  }
}

extension DataSourceScript: RejectingCalls {
  var rejectedFamilies: [MisuseFamily] {
    Array(repeating: .dataSourceActions, count: labels.count { $0 == "throws" })
  }
}
