import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Resident memory of this process (server and clients together), from /proc/self/status.
enum ProcessMemory {
    /// VmHWM: the peak resident set size, in MiB; nil where /proc is missing.
    static func peakMiB() -> Double? { statusMiB("VmHWM:") }

    /// VmRSS: the resident set size now, in MiB; nil where /proc is missing.
    static func residentMiB() -> Double? { statusMiB("VmRSS:") }

    /// Hands memory the process freed back to the system first (glibc keeps freed pages for reuse), so
    /// that what a later step allocates shows in VmRSS instead of reusing pages an earlier step left.
    static func residentMiBAfterTrim() -> Double? {
        #if canImport(Glibc)
            // `malloc_trim` is glibc's, not in Swift's Glibc module: looked up at run time.
            if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
                typealias MallocTrim = @convention(c) (Int) -> Int32
                _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
            }
        #endif
        return residentMiB()
    }

    private static func statusMiB(_ field: String) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, let kibibytes = Double(fields[1]) else { return nil }
            return kibibytes / 1024
        }
        return nil
    }

    /// Resets VmHWM to the current resident size (Linux: `5` to /proc/self/clear_refs), so that a
    /// later `peakMiB()` covers only what follows. Returns whether it worked.
    @discardableResult
    static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }
}
