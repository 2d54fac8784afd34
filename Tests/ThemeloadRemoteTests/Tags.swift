import Testing

extension Tag {
    /// Suites whose tests run threads or tasks against each other: `.ci/run` runs every suite
    /// with this tag under ThreadSanitizer.
    @Tag static var concurrency: Self
}
