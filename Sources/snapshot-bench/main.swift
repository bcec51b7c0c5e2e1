import Foundation

// snapshot-bench: times the engine against the reference model and the
// standard library on seeded inputs. See `Arguments.usage`.

func fail(_ message: String, code: Int32) -> Never {
  try? FileHandle.standardError.write(contentsOf: Data("snapshot-bench: \(message)\n".utf8))
  exit(code)
}

let arguments: Arguments
do {
  arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail(error.message, code: 64)
}
if arguments.help {
  print(Arguments.usage)
  exit(0)
}
#if DEBUG
  print("note: this is a debug build; build with -c release for real numbers")
#endif

var bench = Bench(quick: arguments.quick, only: arguments.only)
if arguments.shrinkChallenge {
  bench.runShrinkChallenge()
} else {
  bench.runAll()
}
if let path = arguments.jsonPath {
  let json = Report.json(
    machine: Machine.current(), results: bench.results, shrinkChallenge: bench.shrinkChallenge)
  do {
    try Report.writeAtomically(json, to: path)
  } catch {
    fail("cannot write \(path): \(error.localizedDescription)", code: 73)
  }
}
