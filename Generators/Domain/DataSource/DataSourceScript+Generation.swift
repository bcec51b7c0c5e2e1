import SnapshotCore
import SnapshotModel

extension DataSourceScript {
  /// Generates data-source sessions: the user's settings first (a few
  /// refused drags and vetoed toggles among the first ids, which every
  /// session uses; the content update style; each handler left out now and
  /// then), then up to `maxCommands` commands chosen for the reference data
  /// source's state, configured exactly like the data source under test:
  /// full applies derived from the current snapshot by a few edits (with
  /// marks and content changes), section applies of forests derived from
  /// `snapshot(for:)` or fresh, disclosure taps on visible rows and drags
  /// from a row to a drop position (across sections and within outlines).
  /// A share `invalidShare` of taps and drags is invalid (a tap on a hidden
  /// row, on a row of another section, on an absent id or in an unknown
  /// section; a drag from a path that is not a row); a share `edgeShare` of
  /// drags drops the row onto itself or just below a collapsed parent.
  ///
  /// Each setting is drawn as one choice whose zero is the default (the
  /// shrinker turns settings off first; `replacesChildren` is the case's
  /// last choice), and every command behind its own
  /// continue choice (`0...maxCommands`), so deleting any command's span,
  /// the first one included, leaves the others' choices aligned.
  public static func generator(
    maxCommands: Int = 20,
    universe: FullScript.Universe = FullScript.Universe(sections: 4, items: 30),
    invalidShare: Double = 0.2, edgeShare: Double = 0.15
  ) -> Gen<DataSourceScript> {
    Gen.primitive { source throws(GenerationError) in
      var script = source.span("settings") { settings(source, universe: universe) }
      var dataSource = ModelDataSource<Int, Int>()
      script.configure(&dataSource)
      script.commands = try source.collect(count: 0...maxCommands) { () throws(GenerationError) in
        let token = source.beginSpan("command")
        defer { source.endSpan(token) }
        var drawer = DataSourceCommandDrawer(
          dataSource: dataSource, universe: universe, source: source)
        drawer.vetoed = script.vetoedToggles
        let command = try drawer.draw(invalidShare: invalidShare, edgeShare: edgeShare)
        _ = try? command.perform(on: &dataSource)
        return command
      }
      // Last, so that every earlier choice keeps its meaning: whether the
      // lazy handler also replaces existing children. The commands were
      // drawn without it; they name ids and paths, so they replay with it
      // (a tap or drag it makes stale is an invalid action like any other).
      script.replacesChildren = source.drawBool(probability: 0.3)
      return script
    }
  }

  /// The chance that a session leaves out each handler: rarer for
  /// `canReorderItem`, whose absence refuses every drag.
  static func absenceShare(_ handler: DataSourceHandler) -> Double {
    handler == .canReorderItem ? 0.06 : 0.15
  }

  /// The user's settings: refused drags, vetoed toggles, the content update
  /// style and the handlers left out.
  static func settings(_ source: ChoiceSource, universe: FullScript.Universe) -> DataSourceScript {
    let pool = IdPool(source: source)
    let early = Array(0..<min(8, universe.items))
    let refused = pool.distinctOrNone(of: early, max: 2)
    let vetoed = pool.distinctOrNone(of: early, max: 2)
    let style: ContentUpdateStyle = source.drawBool(probability: 0.3) ? .reconfigure : .reload
    let absent = DataSourceHandler.allCases.filter {
      source.drawBool(probability: absenceShare($0))
    }
    return DataSourceScript(
      refusedReorders: refused, vetoedToggles: vetoed, contentUpdateStyle: style,
      absentHandlers: absent, commands: [])
  }
}
