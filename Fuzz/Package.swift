// swift-tools-version:6.0
// A libFuzzer target for Calorina's lexer, parser and sessions, kept out of the main package: it
// links only with `-sanitize=fuzzer`, which the main package's builds and tests must not need.
// See README.md for the commands.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder: whatever the checkout is called.
let mainPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()

let package = Package(
    name: "calorina-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "calorina-fuzz",
            dependencies: [.product(name: "CalorinaCore", package: mainPackage.lastPathComponent)],
            path: "Sources/calorina-fuzz"
        )
    ]
)
