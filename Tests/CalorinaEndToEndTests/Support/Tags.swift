import Testing

extension Tag {
    /// A suite that runs in seconds, with no corpus, no built binary run in a loop and no
    /// property test: `tools/fast-tests` runs them all, a quick loop (README, "Run the whole
    /// test suite").
    @Tag static var fast: Self
}
