import Generators
import Verification

/// The size of a shrunk catalog case: its commands and its start state.
///
/// The start state is the start layout (full, diff and meta families: the
/// sections and items a script or pair starts from), the start tree
/// (section, expansion: its nodes, in `items`), or for a data-source
/// session (datasource, reorder) the largest state one apply brings in (a
/// full apply's sections and items, a section apply's forest as one
/// section of its nodes).
struct ShrunkSize: CustomStringConvertible {
  /// The commands (a diff case's commands and further commands).
  var commands: Int
  /// The start state's sections (1 for a section snapshot's tree).
  var sections: Int
  /// The start state's items (nodes of a tree).
  var items: Int

  init(_ failure: Counterexample) throws {
    guard let script = failure.script else { throw Missing.script }
    if let pair = try? script.decode(DiffCase.self) {
      commands = pair.script.commands.count + pair.further.count
      sections = pair.script.initial.count
      items = pair.script.initial.reduce(0) { $0 + $1.items.count }
    } else if let session = try? script.decode(DataSourceScript.self) {
      commands = session.commands.count
      sections = 0
      items = 0
      for command in session.commands {
        switch command {
        case .apply(let layout, _, _):
          sections = max(sections, layout.count)
          items = max(items, layout.reduce(0) { $0 + $1.items.count })
        case .applyTo(let forest, _):
          sections = max(sections, 1)
          items = max(items, forest.items.count)
        case .userToggle, .userReorder:
          break
        }
      }
    } else if let tree = try? script.decode(SectionScript.self) {
      commands = tree.commands.count
      sections = tree.initial.items.isEmpty ? 0 : 1
      items = tree.initial.items.count
    } else {
      let full = try script.decode(FullScript.self)
      commands = full.commands.count
      sections = full.initial.count
      items = full.initial.reduce(0) { $0 + $1.items.count }
    }
  }

  /// Why a shrunk case has no size.
  enum Missing: Error {
    /// The counterexample carries no decoded script.
    case script
  }

  /// `commands N | start S sections, I items`.
  var description: String { "commands \(commands) | start \(sections) sections, \(items) items" }
}
