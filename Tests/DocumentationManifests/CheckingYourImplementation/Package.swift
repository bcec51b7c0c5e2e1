// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MyDiffable",
  platforms: [.macOS(.v14), .iOS(.v17)],  // DiffableSuite's minimums
  dependencies: [.package(path: "../DiffableSuite")],  // or .package(url: …)
  targets: [
    .target(
      name: "MyDiffable",
      dependencies: [.product(name: "SnapshotCore", package: "DiffableSuite")]),
    .target(
      name: "MyConformance",
      dependencies: [
        "MyDiffable",
        .product(name: "SnapshotEngine", package: "DiffableSuite"),
        .product(name: "Verification", package: "DiffableSuite"),
      ]),
    .executableTarget(
      name: "my-fuzz",
      dependencies: [
        "MyConformance",
        .product(name: "SnapshotFuzzCommand", package: "DiffableSuite"),
      ]),
    .testTarget(
      name: "MyDiffableTests",
      dependencies: [
        "my-fuzz",  // so SwiftPM builds it next to the tests
        "MyConformance",
        .product(name: "SnapshotFuzzCommand", package: "DiffableSuite"),
        .product(name: "Verification", package: "DiffableSuite"),
      ]),
  ]
)
