import Testing

extension Tag {
    /// A suite that runs in seconds, with no corpus, no built binary run in a loop and no
    /// property test: `swift test --skip-build --filter "$(tools/fast-tests)"` runs them all for
    /// a quick loop (README, "Developers").
    @Tag static var fast: Self
}
