import Foundation
import FuzzKit

// Coverage-guided fuzzing with libFuzzer. Build and run:
//
//     swift build -c release --sanitize=fuzzer --product snapshot-fuzz-libfuzzer
//     DIFFABLE_PROPERTY=diff.roundTrip SWIFT_BACKTRACE=enable=no \
//       .build/release/snapshot-fuzz-libfuzzer Corpus/ -max_total_time=600
//
// libFuzzer's input bytes are the property's choice sequence, one choice per
// byte (each clamped to its draw's bound, as the engine's replay does). A
// failing property traps, so libFuzzer saves the input as `crash-<sha1>`;
// `snapshot-fuzz replay crash-<sha1> --property NAME` replays it.
//
// This file deliberately has no top-level code and no `@main`: under
// `--sanitize=fuzzer`, libFuzzer supplies `main`, and a plain `swift build`
// still links (the program then does nothing), so `swift build` and
// `swift test` are unaffected.

/// The properties, built once.
private let target = FuzzTargets.standard

/// The property being fuzzed, from `DIFFABLE_PROPERTY`.
private let fuzzedProperty = ProcessInfo.processInfo.environment[ReplayInput.propertyVariable] ?? ""

/// Called once by libFuzzer before fuzzing: stops with a usage message
/// (exit 64) unless `DIFFABLE_PROPERTY` names a property.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  guard target.propertyNames.contains(fuzzedProperty) else {
    let known = target.propertyNames.joined(separator: ", ")
    FileHandle.standardError.write(
      Data("snapshot-fuzz-libfuzzer: set DIFFABLE_PROPERTY to one of: \(known)\n".utf8))
    exit(64)
  }
  if target.expectsTrap(fuzzedProperty) {
    FileHandle.standardError.write(
      Data(
        "snapshot-fuzz-libfuzzer: \(fuzzedProperty) passes by trapping; fuzz it with snapshot-fuzz run\n"
          .utf8))
    exit(64)
  }
  return 0
}

/// libFuzzer's entry point: checks the case the bytes decode to and traps
/// when it fails, so libFuzzer records the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = [UInt8](UnsafeBufferPointer(start: data, count: size))
  guard let fuzzCase = try? target.decode(property: fuzzedProperty, bytes: bytes) else { return 0 }
  let outcome = fuzzCase.check()
  if outcome.status == CaseOutcome.Status.fail {
    fatalError("\(fuzzCase.property) failed: \(outcome.message) [\(fuzzCase.token)]")
  }
  return 0
}
