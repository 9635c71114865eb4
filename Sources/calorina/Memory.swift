#if os(Linux)
    import CMalloc
#endif

/// How the program's memory goes back to the system.
enum Memory {
    /// Every block of 128 KB or more is its own mapping, handed back to the system when freed.
    ///
    /// glibc's malloc starts so, but raises that threshold to the size of each large block freed
    /// (up to 32 MB): after the first arrays of a large day grow and are freed, the next ones come
    /// from the heap, whose freed space stays with the process. A 100,000-line script all on one
    /// day grows its day's arrays again and again: peak RSS 40.6 MB with the moving threshold,
    /// 36.9 MB with it fixed, in the same time (Benchmarks/RESULTS.md). Fixing it only chooses
    /// where large blocks live; what the program allocates is the same.
    static func returnLargeBlocks() {
        #if os(Linux)
            _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
        #endif
    }

    /// Hands back to the system what is free at the heap's end and in its free pages: glibc
    /// keeps freed memory for reuse, and a long script's batches would keep the most any of them
    /// needed. Called after each batch of a script.
    static func releaseFree() {
        #if os(Linux)
            _ = malloc_trim(0)
        #endif
    }
}
