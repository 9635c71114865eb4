import CalorinaResults

extension Session {
    /// The outcome of a line whose handler threw: the one place errors become outcomes.
    static func outcome(of error: SessionError, line: String) -> Outcome {
        if case .store(let store) = error.kind { return .storeFailed(store) }
        return .failed(error.failure(line: line))
    }
}
