// swift-tools-version:6.0
import PackageDescription

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
        .target(
            name: "CalorinaCore", path: "Sources",
            sources: [
                "CalorinaSupport", "CalorinaLanguage", "CalorinaJournal", "CalorinaFoods", "CalorinaSession",
                "CalorinaRendering",
            ]
        ),
        // SplitMix64 for the tests and the benchmarks: seeded, so a run can be repeated.
        .target(name: "SeededRandom"),
        .executableTarget(
            name: "calorina",
            dependencies: [
                "CalorinaCore",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CalorinaCoreTests", dependencies: ["CalorinaCore", "SeededRandom"]),
        .testTarget(name: "CalorinaEndToEndTests", dependencies: ["calorina", "SeededRandom"]),
        .executableTarget(
            name: "calorina-bench", dependencies: ["CalorinaCore", "SeededRandom"],
            path: "Benchmarks/Sources/calorina-bench"),
    ]
)
