/// A declared limit of the differ that cases needed, over a run: how many
/// cases of the properties that saw it needed it, out of how many cases
/// those properties checked.
public struct LimitationCount: Hashable, Sendable, CustomStringConvertible {
  /// The limit.
  public var limit: DifferLimit
  /// Cases that passed only within the limit, summed over `properties`.
  public var cases: Int
  /// Cases `properties` checked.
  public var total: Int
  /// The properties whose cases needed it, in run order.
  public var properties: [String]

  /// Creates a count.
  public init(limit: DifferLimit, cases: Int, total: Int, properties: [String]) {
    self.limit = limit
    self.cases = cases
    self.total = total
    self.properties = properties
  }

  /// `limitation: no cross-section moves, seen in 812 of 4000 cases
  /// (diff.roundTrip, meta.reverse)`.
  public var description: String {
    Statistics.limitationLine(limit, cases: cases, of: total)
      + " (\(properties.joined(separator: ", ")))"
  }

  /// The counts of `rows` (each property's name, cases and limitations),
  /// one per limit, in declaration order.
  public static func tally(
    _ rows: [(property: String, cases: Int, limitations: [(limit: DifferLimit, cases: Int)])]
  ) -> [LimitationCount] {
    var counts: [LimitationCount] = []
    for row in rows {
      for (limit, cases) in row.limitations {
        if let index = counts.firstIndex(where: { $0.limit == limit }) {
          counts[index].cases += cases
          counts[index].total += row.cases
          counts[index].properties.append(row.property)
        } else {
          counts.append(
            LimitationCount(
              limit: limit, cases: cases, total: row.cases, properties: [row.property]))
        }
      }
    }
    return counts.sorted { $0.limit < $1.limit }
  }
}

extension FuzzReport {
  /// The declared limits the run's cases needed, one per limit.
  public var limitations: [LimitationCount] {
    LimitationCount.tally(properties.map { ($0.name, $0.cases, $0.limitations) })
  }
}
