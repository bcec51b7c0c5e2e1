// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MyDiffable",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "../DiffableSuite")],
  targets: [
    .target(name: "MyDiffable"),
    .executableTarget(
      name: "my-fuzz",
      dependencies: [
        "MyDiffable",
        .product(name: "SnapshotEngine", package: "DiffableSuite"),
        .product(name: "SnapshotFuzzCommand", package: "DiffableSuite"),
        .product(name: "Verification", package: "DiffableSuite"),
      ]),
  ]
)
