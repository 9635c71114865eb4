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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "CalorinaCore"),
        .executableTarget(
            name: "calorina",
            dependencies: [
                "CalorinaCore",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "CalorinaCoreTests", dependencies: ["CalorinaCore"]),
        .testTarget(name: "CalorinaEndToEndTests", dependencies: ["calorina"]),
        .executableTarget(
            name: "calorina-bench", dependencies: ["CalorinaCore"], path: "Benchmarks/Sources/calorina-bench"),
    ]
)
