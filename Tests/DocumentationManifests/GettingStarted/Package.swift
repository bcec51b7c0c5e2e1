// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "MyApp",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(path: "../DiffableSuite")],
  targets: [
    .target(name: "MyApp"),
    .testTarget(
      name: "MyAppTests",
      dependencies: [
        "MyApp",
        .product(name: "SnapshotCore", package: "DiffableSuite"),
        .product(name: "SnapshotEngine", package: "DiffableSuite"),
        .product(name: "SnapshotModel", package: "DiffableSuite"),
        .product(name: "Verification", package: "DiffableSuite"),
      ]),
  ]
)
