/// The fixture of `.ci/coverage`'s self-test (never compiled).
struct Sample {
  var count = 0

  func next() -> Int {
    return count + 1
  }

  func check() -> [String] {  // coverage: only broken code (fixture: a failure branch)
    return ["broken"]
  }

  // coverage: only broken code (fixture: a description)
  var text: String {
    "count \(count)"
  }
}
