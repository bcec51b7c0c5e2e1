// swift-tools-version: 6.0
// DiffableSuite: executable, checkable semantics of Apple's diffable data
// sources. The toolchain only: no package dependencies, by design.
import PackageDescription

let package = Package(
  name: "DiffableSuite",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "SnapshotCore", targets: ["SnapshotCore"]),
    .library(name: "SnapshotModel", targets: ["SnapshotModel"]),
    .library(name: "SnapshotEngine", targets: ["SnapshotEngine"]),
    .library(name: "Generators", targets: ["Generators"]),
    .library(name: "Verification", targets: ["Verification"]),
    .library(name: "SnapshotFuzzCommand", targets: ["SnapshotFuzzCommand"]),
    .library(name: "Mutation", targets: ["Mutation"]),
    .executable(name: "snapshot-fuzz", targets: ["snapshot-fuzz"]),
    .executable(name: "snapshot-fuzz-libfuzzer", targets: ["snapshot-fuzz-libfuzzer"]),
    .executable(name: "snapshot-bench", targets: ["snapshot-bench"]),
  ],
  targets: [
    .target(name: "SnapshotCore"),
    .target(name: "SnapshotModel", dependencies: ["SnapshotCore"]),
    .target(name: "SnapshotEngine", dependencies: ["SnapshotCore"]),
    .target(
      name: "Generators",
      dependencies: ["SnapshotCore", "SnapshotModel"],
      path: "Generators"),
    .target(
      name: "Verification",
      dependencies: [
        "SnapshotCore", "SnapshotModel", "SnapshotEngine", "Generators",
      ]),
    // The fuzz command's testable core: the seam over the property engine
    // (FuzzTarget), the catalog adapter, flags, the worker protocol.
    .target(name: "FuzzKit", dependencies: ["Generators", "Verification", "Mutation"]),
    // The fuzz command as a library: `SnapshotFuzz.main(_:)` gives
    // any executable list/run/replay/merge over its own properties.
    // Mutation testing of a target under an executable's properties: the
    // Swift tokenizer, mutant switching, the driver and its reports
    // (written as one set by Verification's `ReportStage`).
    .target(name: "Mutation", dependencies: ["Verification"]),
    .target(
      name: "SnapshotFuzzCommand",
      dependencies: ["FuzzKit", "Generators", "Verification", "Mutation"]),
    .executableTarget(
      name: "snapshot-fuzz", dependencies: ["SnapshotFuzzCommand", "Verification"]),
    // A user's fuzz executable in miniature (test-only properties, one of
    // them expecting a trap), driven by FuzzCommandTests.
    .executableTarget(
      name: "snapshot-fuzz-fixture",
      dependencies: [
        "SnapshotFuzzCommand", "Verification", "Generators", "SnapshotCore", "SnapshotEngine",
        "TestSupport",
      ],
      path: "Tests/FuzzFixture"),
    // Coverage-guided fuzzing: build with
    // `swift build -c release --sanitize=fuzzer --product snapshot-fuzz-libfuzzer --scratch-path .build-fuzzer`.
    // A plain `swift build` links it too, as a program that does nothing
    // (see the target's source).
    .executableTarget(name: "snapshot-fuzz-libfuzzer", dependencies: ["FuzzKit"]),
    .executableTarget(
      name: "snapshot-bench",
      dependencies: [
        "SnapshotCore", "SnapshotModel", "SnapshotEngine", "Generators", "Verification",
      ]),
    // Implementations with planted bugs and users' fixtures, shared by the
    // test targets, the fuzz fixture and the rendered-tests check.
    .target(
      name: "TestSupport",
      dependencies: [
        "SnapshotCore", "SnapshotModel", "SnapshotEngine", "Generators", "Verification",
      ],
      path: "Tests/TestSupport"),
    .testTarget(name: "SnapshotCoreTests", dependencies: ["SnapshotCore"]),
    .testTarget(
      name: "SnapshotModelTests",
      dependencies: ["SnapshotCore", "SnapshotModel"]),
    .testTarget(
      name: "SnapshotEngineTests",
      dependencies: ["SnapshotCore", "SnapshotModel", "SnapshotEngine", "Generators"]),
    .testTarget(
      name: "ExampleTableTests",
      dependencies: ["SnapshotCore", "SnapshotModel", "SnapshotEngine"]),
    .testTarget(
      name: "GeneratorsTests",
      dependencies: ["SnapshotCore", "SnapshotModel", "Generators"]),
    .testTarget(
      name: "VerificationTests",
      dependencies: [
        "SnapshotCore", "SnapshotModel", "SnapshotEngine", "Generators",
        "Verification", "TestSupport", "SnapshotFuzzCommand",
      ]),
    .testTarget(
      name: "ReportsTests", dependencies: ["Generators", "Verification", "TestSupport"]),
    .testTarget(name: "MutationTests", dependencies: ["Mutation", "Verification"]),
    .testTarget(name: "FuzzKitTests", dependencies: ["FuzzKit", "Verification", "Generators"]),
    // The code of the DocC articles, compiled and run; ArticleCodeTests
    // checks that every Swift block of every article is in these files.
    .testTarget(
      name: "DocumentationTests",
      dependencies: [
        "SnapshotCore", "SnapshotModel", "SnapshotEngine", "Generators", "Verification",
        "SnapshotFuzzCommand",
      ]),
    .testTarget(
      name: "FuzzCommandTests",
      dependencies: [
        "FuzzKit", "Generators", "Verification", "SnapshotFuzzCommand", "snapshot-fuzz",
        "snapshot-fuzz-fixture", "TestSupport",
      ]),
  ]
)
