/// Wall-clock timing of a closure, several runs.
struct Timing {
  /// The fastest run, in milliseconds.
  var best: Double
  /// The median run, in milliseconds.
  var median: Double
}

/// Runs `body` `runs` times (after `setup` each time, untimed) and returns
/// the best and median times.
func measure<State>(
  runs: Int, setup: () -> State, _ body: (inout State) -> Void
) -> Timing {
  var times: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<max(runs, 1) {
    var state = setup()
    let start = clock.now
    body(&state)
    let elapsed = clock.now - start
    times.append(milliseconds(elapsed))
    blackHole(state)
  }
  times.sort()
  return Timing(best: times[0], median: times[times.count / 2])
}

/// Runs `body` `runs` times and returns the best and median times.
func measure(runs: Int, _ body: () -> Void) -> Timing {
  measure(runs: runs, setup: { () }, { _ in body() })
}

func milliseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
}

/// Keeps a value alive so the optimizer cannot drop the work producing it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// The length of a longest strictly increasing subsequence, by patience
/// sorting (piles only; written here independently of the engine's).
func lisLength(_ values: [Int]) -> Int {
  var tops: [Int] = []
  for value in values {
    var low = 0
    var high = tops.count
    while low < high {
      let middle = (low + high) / 2
      if tops[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tops.count { tops.append(value) } else { tops[low] = value }
  }
  return tops.count
}
