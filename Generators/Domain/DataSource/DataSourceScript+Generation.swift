import SnapshotCore
import SnapshotModel

extension DataSourceScript {
  /// Generates data-source sessions: handler settings (a few refused drags
  /// and vetoed toggles among the first ids, which every session uses),
  /// then up to `maxCommands` commands chosen for the reference data
  /// source's state: full applies derived from the current
  /// snapshot by a few edits (with content changes), section applies of
  /// forests derived from `snapshot(for:)` or fresh, disclosure taps on
  /// visible rows and drags from a row to a drop position (across sections
  /// and within outlines). A share `invalidShare` names rows or positions
  /// that do not exist.
  public static func generator(maxCommands: Int = 20, universe: FullScript.Universe = FullScript.Universe(sections: 4, items: 30), invalidShare: Double = 0.05)
    -> Gen<DataSourceScript>
  {
    Gen { source throws(GenerationError) in
      let pool = IdPool(source: source)
      let early = Array(0..<min(8, universe.items))
      let refused = pool.distinctOrNone(of: early, max: 2)
      let vetoed = pool.distinctOrNone(of: early, max: 2)
      var script = DataSourceScript(refusedReorders: refused, vetoedToggles: vetoed, commands: [])
      var dataSource = ModelDataSource<Int, Int>()
      script.configure(&dataSource)
      script.commands = try source.collect(count: 1...maxCommands) { () throws(GenerationError) in
        let token = source.beginSpan("command")
        defer { source.endSpan(token) }
        let command = DataSourceCommandDrawer(dataSource: dataSource, universe: universe, source: source)
          .draw(invalidShare: invalidShare)
        _ = try? command.perform(on: &dataSource)
        return command
      }
      return script
    }
  }
}
