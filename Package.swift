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
        // The pipeline, one module a stage, each seeing only the stages below it (README, "The modules").
        .target(name: "CalorinaSupport"),
        .target(name: "CalorinaLanguage", dependencies: ["CalorinaSupport"]),
        .target(name: "CalorinaJournal", dependencies: ["CalorinaLanguage", "CalorinaSupport"]),
        .target(name: "CalorinaFoods", dependencies: ["CalorinaJournal", "CalorinaLanguage", "CalorinaSupport"]),
        .target(
            name: "CalorinaSession",
            dependencies: ["CalorinaFoods", "CalorinaJournal", "CalorinaLanguage", "CalorinaSupport"]
        ),
        .target(
            name: "CalorinaRendering",
            dependencies: [
                "CalorinaSession", "CalorinaFoods", "CalorinaJournal", "CalorinaLanguage", "CalorinaSupport",
            ]
        ),
        // All of the above under one name, for the benchmarks and the fuzzer.
        .target(
            name: "CalorinaCore",
            dependencies: [
                "CalorinaRendering", "CalorinaSession", "CalorinaFoods", "CalorinaJournal", "CalorinaLanguage",
                "CalorinaSupport",
            ]
        ),
        // SplitMix64 for the tests and the benchmarks: seeded, so a run can be repeated.
        .target(name: "SeededRandom"),
        .executableTarget(
            name: "calorina",
            dependencies: [
                "CalorinaRendering", "CalorinaSession", "CalorinaFoods", "CalorinaJournal", "CalorinaSupport",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "CalorinaCoreTests",
            dependencies: [
                "CalorinaRendering", "CalorinaSession", "CalorinaFoods", "CalorinaJournal", "CalorinaLanguage",
                "CalorinaSupport", "SeededRandom",
            ]
        ),
        .testTarget(name: "CalorinaEndToEndTests", dependencies: ["calorina", "SeededRandom"]),
        .executableTarget(
            name: "calorina-bench", dependencies: ["CalorinaCore", "SeededRandom"],
            path: "Benchmarks/Sources/calorina-bench"),
    ]
)
