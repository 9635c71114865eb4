#if os(Linux)
    import CMalloc
#endif

/// How the program's memory goes back to the system.
enum Memory {
    /// Every block of 1 MB or more is its own mapping, handed back to the system when freed.
    ///
    /// glibc's malloc maps blocks of 128 KB and more at first, but raises that threshold to the
    /// size of each large block freed (up to 32 MB): after the first arrays of a large day grow
    /// and are freed, the next ones come from the heap, whose freed space stays with the
    /// process. A 100,000-line script all on one day grows its day's arrays again and again:
    /// peak RSS 40,620 KiB with the moving threshold, 36,096 KiB with it fixed at 1 MB. Fixed at
    /// 128 KB, every view's buffers of a few hundred KB were mapped fresh and faulted in page by
    /// page: `history 3650` took 1,831 page faults instead of 1,064; at 1 MB, 1,137. Fixing it
    /// only chooses where large blocks live; what the program allocates is the same.
    static func returnLargeBlocks() {
        #if os(Linux)
            _ = mallopt(M_MMAP_THRESHOLD, 1024 * 1024)
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
