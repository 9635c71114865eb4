// swift-tools-version:6.0
import PackageDescription

// Start-up: a concrete generic type (JournalEngine<SystemCalls>, DocumentStore<Profile>, a
// dictionary of them) is made through its metadata accessor, not by demangling its name at run
// time; the demangler checks each generic requirement with a run-time conformance lookup, a scan
// of every conformance record of the static binary. Measured (callgrind, main thread to the first
// prompt, with Terminal.namesUTF8): 8.3 M instructions with mangled names, 6.3 M without (7.9 M
// before issue 11); the binary grows by 50 KB. Benchmarks/RESULTS.md has the details.
//
// Size (issue 15's 20 MB): the release build is optimised for size (-Osize) and each function gets
// a section of its own, so that the linker drops those nothing calls (--gc-sections, below).
// Measured on the stripped static binary at 8116991: 20.43 MB, 20.02 MB with -Osize, 19.91 MB with
// both; the same output byte for byte on 3,000 mixed lines, `--json today`, `history 30` and
// `doctor`. Speed is measured in Benchmarks (parse + resolve, one-shot banana).
let fastMetadata: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
    .unsafeFlags(["-Osize", "-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

// The release binary is linked by lld, the toolchain's own linker, and not gold (issue 15, size):
// its relative relocations packed (DT_RELR, glibc 2.36 and later: 0.9 MB of .rela.dyn becomes a
// few KB, and fewer to apply at start-up), and without exporting the program's own symbols, which
// nothing loads (-export-dynamic from the static stdlib's link arguments: 0.4 MB of .dynsym and
// .dynstr). Measured on the stripped static binary: 21.5 MB with gold, 20.1 MB so. Debug and test
// builds link as before.
// Identical code folding (--icf=all, issue 15): functions with the same bytes and relocations are
// kept once: 1,100 groups, most of them the standard library's and Foundation's generic
// specialisations and value witnesses; -246 KB. (--icf=safe folds only 12 KB: Swift objects carry
// no address-significance table.) A folded function's address may equal another's, which breaks
// only code that compares function addresses: none of ours does, lld folds no data here (no
// metadata, witness table or libdispatch vtable), and the end-to-end suites, 159 argument lists
// and a 1,500-line script give the same output with and without it (Benchmarks/RESULTS.md).
// --gc-sections drops the sections nothing refers to (with -function-sections above, unused
// functions); Swift's metadata sections are kept by their __start_/__stop_ references.
let smallRelease: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
            "-Xlinker", "--icf=all", "-Xlinker", "--gc-sections",
        ],
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "calorina",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "calorina", targets: ["calorina"]),
        .library(name: "CalorinaCore", targets: ["CalorinaCore"]),
    ],
    targets: [
        // glibc's malloc.h, for the executable's one mallopt call (Sources/calorina/Memory.swift).
        .systemLibrary(name: "CMalloc"),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // The pipeline, one module a stage, each seeing only the stages below it (README, "The modules").
        .target(name: "CalorinaSupport", swiftSettings: fastMetadata),
        // The shared vocabulary: meals, the profile's words, nutrients, energy (issue 28).
        .target(name: "CalorinaModel", dependencies: ["CalorinaSupport"], swiftSettings: fastMetadata),
        // The movements (timed activities and sets) and the generated food table data (foods).
        .target(name: "CalorinaMovement", dependencies: ["CalorinaSupport"], swiftSettings: fastMetadata),
        .target(name: "CalorinaFoodData", swiftSettings: fastMetadata),
        .target(
            name: "CalorinaLanguage", dependencies: ["CalorinaMovement", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        // How people phrase a food line, rewritten into the grammar; then the parser, which reads it.
        .target(
            name: "CalorinaPhrasing", dependencies: ["CalorinaLanguage", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaParser",
            dependencies: ["CalorinaPhrasing", "CalorinaLanguage", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        // The file layer: atomic replace, the lock, the file calls a simulated disk stands in for,
        // store errors; then the month files; then the journal of devices and the documents.
        .target(name: "CalorinaFiles", dependencies: ["CalorinaSupport"], swiftSettings: fastMetadata),
        .target(
            name: "CalorinaMonths", dependencies: ["CalorinaFiles", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        // Documents each device writes its own of and every device reads merged, field by field
        // (the profile, your foods, the undo history), and the clocks of changes.
        .target(
            name: "CalorinaDocuments", dependencies: ["CalorinaMonths", "CalorinaFiles", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaJournal",
            dependencies: ["CalorinaDocuments", "CalorinaMonths", "CalorinaFiles", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        // Foods and the journal are siblings: both over the documents and the month files.
        .target(
            name: "CalorinaFoods",
            dependencies: [
                "CalorinaFoodData", "CalorinaDocuments", "CalorinaMonths", "CalorinaFiles", "CalorinaLanguage",
                "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaResolver",
            dependencies: [
                "CalorinaFoods", "CalorinaJournal", "CalorinaParser", "CalorinaLanguage", "CalorinaModel",
                "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        // What the session reads and answers, a module an idea (issue 28): the undo history as
        // stored, the export and import formats, the reports, doctor, and help with completion.
        .target(
            name: "CalorinaUndo",
            dependencies: ["CalorinaFoods", "CalorinaJournal", "CalorinaLanguage", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaExchange",
            dependencies: ["CalorinaFoods", "CalorinaJournal", "CalorinaLanguage", "CalorinaModel", "CalorinaSupport"],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaReports",
            dependencies: [
                "CalorinaResolver", "CalorinaFoods", "CalorinaJournal", "CalorinaLanguage", "CalorinaModel",
                "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaDoctor",
            dependencies: [
                "CalorinaUndo", "CalorinaExchange", "CalorinaFoods", "CalorinaJournal", "CalorinaLanguage",
                "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaHelp",
            dependencies: [
                "CalorinaFoods", "CalorinaJournal", "CalorinaParser", "CalorinaLanguage", "CalorinaMovement",
                "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        // What a line returns (the outcome, its reports, the question it asks) and how it fails.
        .target(
            name: "CalorinaResults",
            dependencies: [
                "CalorinaDoctor", "CalorinaReports", "CalorinaExchange", "CalorinaUndo", "CalorinaResolver",
                "CalorinaFoods", "CalorinaJournal", "CalorinaMonths", "CalorinaParser", "CalorinaLanguage",
                "CalorinaFiles", "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaSession",
            dependencies: [
                "CalorinaResults", "CalorinaHelp", "CalorinaDoctor", "CalorinaReports", "CalorinaExchange",
                "CalorinaUndo", "CalorinaResolver", "CalorinaFoods", "CalorinaJournal", "CalorinaParser",
                "CalorinaLanguage", "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        .target(
            name: "CalorinaRendering",
            dependencies: [
                "CalorinaResults", "CalorinaDoctor", "CalorinaReports", "CalorinaExchange", "CalorinaFoods",
                "CalorinaJournal", "CalorinaLanguage", "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        // All of the above under one name, for the benchmarks and the fuzzer.
        .target(
            name: "CalorinaCore",
            dependencies: [
                "CalorinaRendering", "CalorinaSession", "CalorinaResults", "CalorinaHelp", "CalorinaDoctor",
                "CalorinaReports", "CalorinaExchange", "CalorinaUndo", "CalorinaResolver", "CalorinaFoods",
                "CalorinaJournal", "CalorinaParser", "CalorinaPhrasing", "CalorinaLanguage", "CalorinaMovement",
                "CalorinaMonths", "CalorinaDocuments", "CalorinaFiles", "CalorinaModel", "CalorinaSupport",
            ],
            swiftSettings: fastMetadata
        ),
        // SplitMix64 for the tests and the benchmarks: seeded, so a run can be repeated.
        .target(name: "SeededRandom"),
        .executableTarget(
            name: "calorina",
            dependencies: [
                "CalorinaRendering", "CalorinaSession", "CalorinaResults", "CalorinaHelp", "CalorinaFoods",
                "CalorinaJournal", "CalorinaLanguage", "CalorinaFiles", "CalorinaSupport", "CEditLine", "CMalloc",
            ],
            swiftSettings: fastMetadata,
            linkerSettings: smallRelease
        ),
        .testTarget(
            name: "CalorinaCoreTests",
            dependencies: [
                "CalorinaRendering", "CalorinaSession", "CalorinaResults", "CalorinaHelp", "CalorinaDoctor",
                "CalorinaReports", "CalorinaExchange", "CalorinaUndo", "CalorinaResolver", "CalorinaFoods",
                "CalorinaJournal", "CalorinaParser", "CalorinaPhrasing", "CalorinaLanguage", "CalorinaFoodData",
                "CalorinaMovement", "CalorinaMonths", "CalorinaDocuments", "CalorinaFiles", "CalorinaModel",
                "CalorinaSupport",
                "SeededRandom",
            ],
            // The golden outputs are read from the source folder (#filePath), never from a bundle.
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "CalorinaEndToEndTests", dependencies: ["calorina", "SeededRandom"],
            // The golden help and completion scripts, read from the source folder (#filePath).
            exclude: ["Golden"]),
        .executableTarget(
            name: "calorina-bench", dependencies: ["CalorinaCore", "SeededRandom"],
            path: "Benchmarks/Sources/calorina-bench"),
    ]
)
