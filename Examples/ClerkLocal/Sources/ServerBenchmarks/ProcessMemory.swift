import Foundation

/// Resident memory of this process (server and clients together), from /proc/self/status.
enum ProcessMemory {
    /// VmHWM: the peak resident set size, in MiB; nil where /proc is missing.
    static func peakMiB() -> Double? { statusMiB("VmHWM:") }

    /// VmRSS: the resident set size now, in MiB; nil where /proc is missing.
    static func residentMiB() -> Double? { statusMiB("VmRSS:") }

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
