// swift-tools-version:6.0
import PackageDescription

// Start-up: a concrete generic type (JournalEngine<SystemCalls>, DocumentStore<Profile>, a
// dictionary of them) is made through its metadata accessor, not by demangling its name at run
// time; the demangler checks each generic requirement with a run-time conformance lookup, a scan
// of every conformance record of the static binary. Measured (callgrind, main thread to the first
// prompt, with Terminal.namesUTF8): 8.3 M instructions with mangled names, 6.3 M without (7.9 M
// before issue 11); the binary grows by 50 KB. Benchmarks/RESULTS.md has the details.
let fastMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]

let package = Package(
    name: "calorina",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "calorina", targets: ["calorina"]),
        .library(name: "CalorinaCore", targets: ["CalorinaCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "CalorinaCore", swiftSettings: fastMetadata),
        // SplitMix64 for the tests and the benchmarks: seeded, so a run can be repeated.
        .target(name: "SeededRandom"),
        .executableTarget(
            name: "calorina",
            dependencies: [
                "CalorinaCore",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: fastMetadata
        ),
        .testTarget(name: "CalorinaCoreTests", dependencies: ["CalorinaCore", "SeededRandom"]),
        .testTarget(name: "CalorinaEndToEndTests", dependencies: ["calorina", "SeededRandom"]),
        .executableTarget(
            name: "calorina-bench", dependencies: ["CalorinaCore", "SeededRandom"],
            path: "Benchmarks/Sources/calorina-bench"),
    ]
)
