/// Draws identifier arguments for commands as *indices into id lists* of
/// the current reference state (live ids, absent ids of the universe), so a
/// shrunk script keeps meaning: deleting an earlier command changes which
/// id an index names, never whether it names one.
struct IdPool {
  let source: ChoiceSource

  /// An element of `ids`, or `fallback` when it is empty (no choice drawn).
  /// The fallback is evaluated only when used: a fallback that draws (an
  /// absent id) must not draw a choice the command then ignores, or the same
  /// choices decode differently once a shrink changes how many ids are absent.
  func one(of ids: [Int], or fallback: @autoclosure () -> Int) -> Int {
    source.element(of: ids) ?? fallback()
  }

  /// 1 to `max` distinct elements of `ids` (fewer when it is shorter).
  func distinct(of ids: [Int], max: Int) -> [Int] {
    var pool = ids
    var chosen: [Int] = []
    guard !pool.isEmpty else { return [] }
    chosen.append(pool.remove(at: source.index(count: pool.count)))
    let more = source.collect(count: 0...Swift.max(0, Swift.min(max, ids.count) - 1)) {
      pool.isEmpty ? nil : pool.remove(at: source.index(count: pool.count))
    }
    chosen += more.compactMap { $0 }
    return chosen
  }

  /// 1 to `max` distinct ids, each fresh (from `absent`) or, with
  /// probability `existingShare`, an existing one (from `live`).
  func mixed(absent: [Int], live: [Int], existingShare: Double, max: Int) -> [Int] {
    var fresh = absent
    var old = live
    var chosen: [Int] = []
    let count = source.collect(count: 1...max) { () -> Int? in
      let wantsOld = source.drawBool(probability: existingShare)
      if wantsOld && !old.isEmpty || fresh.isEmpty {
        guard !old.isEmpty else { return nil }
        return old.remove(at: source.index(count: old.count))
      }
      return fresh.remove(at: source.index(count: fresh.count))
    }
    chosen = count.compactMap { $0 }
    return chosen
  }

  /// `ids` with one of its elements repeated at a drawn position.
  func withDuplicate(_ ids: [Int]) -> [Int] {
    guard let repeated = source.element(of: ids) else { return ids }
    var result = ids
    result.insert(repeated, at: source.index(count: ids.count + 1))
    return result
  }
}
