import Foundation

/// Sizes as people type them on a command line.
public enum ByteSize {
    /// `"500M"` → 524 288 000. Digits, optional spaces, then an optional unit: B, K, M, G, T, with
    /// or without a trailing `B` or `iB` (`500MB`, `500MiB`), any case; all units are powers of
    /// 1024. Throws `CacheError.invalidSize` for anything else, including overflow.
    public static func parse(_ text: String) throws -> UInt64 {
        let s = text.trimmingCharacters(in: .whitespaces)
        let digits = s.prefix { $0.isASCII && $0.isNumber }
        let unit = s.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).uppercased()
        guard !digits.isEmpty, let n = UInt64(digits) else { throw CacheError.invalidSize(text) }
        let shifts: [String: UInt64] = ["": 0, "B": 0, "K": 10, "KB": 10, "KIB": 10, "M": 20, "MB": 20, "MIB": 20,
                                        "G": 30, "GB": 30, "GIB": 30, "T": 40, "TB": 40, "TIB": 40]
        guard let shift = shifts[unit] else { throw CacheError.invalidSize(text) }
        let (value, overflow) = n.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow else { throw CacheError.invalidSize(text) }
        return value
    }
}
