// swift-tools-version:6.1
import PackageDescription

// Calorina's in-process benchmarks on ordo-one/package-benchmark (Benchmarks/README.md says which
// rows it measures and why). A package of its own, so that the main package, which CI builds from
// a fresh clone, does not depend on the benchmark package or its plugins.
//
//   cd Benchmarks/InProcess && swift package --disable-sandbox benchmark
//
// The trait list replaces the package's defaults: "RuntimeInterposer" (on by default with Swift
// 6.3 on Linux) needs ordo-one/swift-runtime-interposer, which this machine's package mirror lacks.
let package = Package(
    name: "calorina-inprocess",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "calorina", path: "../.."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CalorinaInProcess",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CalorinaCore", package: "calorina"),
            ],
            path: "Benchmarks/CalorinaInProcess",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
