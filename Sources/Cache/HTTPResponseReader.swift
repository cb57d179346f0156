import Foundation

/// Reads HTTP/1.x answers from a `ByteSource`: the head (status line and headers, at most 64 KiB),
/// then the body as its framing says (`Content-Length`, chunked, or until the peer closes),
/// handed out in pieces so the caller decides what to keep and when to stop. Never follows
/// anything: a 3xx is an answer like any other.
final class HTTPResponseReader {
    static let maxHeadBytes = 64 * 1024
    static let maxLineBytes = 8 * 1024

    private let source: ByteSource
    private let buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0

    struct Head: Equatable {
        var status: Int
        /// Lower-cased names; repeated headers joined with ", ".
        var headers: [String: String]
        var framing: Framing
        /// Whether the connection may carry another request once the body was read.
        var keepAlive: Bool
    }

    enum Framing: Equatable {
        case none
        case length(UInt64)
        case chunked
        case untilClose
    }

    init(source: ByteSource, bufferSize: Int = 256 * 1024) {
        self.source = source
        buffer = .allocate(byteCount: bufferSize, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The next head. `bodyless` for answers to HEAD. Throws `closedBeforeAnswer` when the peer
    /// closed before sending a byte, `connectionLost` when it closed mid-head.
    func readHead(deadline: Deadline, bodyless: Bool) throws -> Head {
        var budget = Self.maxHeadBytes
        guard let statusLine = try readLine(deadline: deadline, budget: &budget, atStart: true) else {
            throw TransportFailure.closedBeforeAnswer
        }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]), status >= 100 else {
            throw TransportFailure.malformedAnswer("status line \"\(statusLine.prefix(80))\"")
        }
        let http10 = parts[0] == "HTTP/1.0"
        var headers: [String: String] = [:]
        var lengths: Set<String> = []
        while true {
            guard let line = try readLine(deadline: deadline, budget: &budget, atStart: false) else { throw TransportFailure.connectionLost }
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line.first!.isWhitespace, !line[..<colon].contains(where: \.isWhitespace) else {
                throw TransportFailure.malformedAnswer("header line \"\(line.prefix(80))\"")
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" { lengths.insert(value) }
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        let connection = Set((headers["connection"] ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        var keepAlive = http10 ? connection.contains("keep-alive") : !connection.contains("close")
        let framing: Framing
        if bodyless || (100..<200).contains(status) || status == 204 || status == 304 {
            framing = .none
        } else if let te = headers["transfer-encoding"] {
            let last = te.lowercased().split(separator: ",").last?.trimmingCharacters(in: .whitespaces)
            framing = last == "chunked" ? .chunked : .untilClose
        } else if !lengths.isEmpty {
            guard lengths.count == 1, let only = lengths.first, !only.isEmpty, only.allSatisfy(\.isASCIIDigit),
                  let n = UInt64(only) else {
                throw TransportFailure.malformedAnswer("Content-Length \(lengths.sorted())")
            }
            framing = .length(n)
        } else {
            framing = .untilClose
        }
        // Read to the close, or framed two ways (a request-smuggling shape): never reuse it.
        if framing == .untilClose || (framing == .chunked && !lengths.isEmpty) { keepAlive = false }
        return Head(status: status, headers: headers, framing: framing, keepAlive: keepAlive)
    }

    /// Reads the body, giving each piece to `take`, which returns false to stop. Returns true
    /// when the whole body was read (the connection can be reused), false when `take` stopped it.
    func readBody(_ framing: Framing, deadline: Deadline, take: (UnsafeRawBufferPointer) throws -> Bool) throws -> Bool {
        switch framing {
        case .none:
            return true
        case let .length(n):
            return try readExactly(n, deadline: deadline, take: take)
        case .untilClose:
            while true {
                if start == end, try fill(deadline: deadline) == 0 { return true }
                let piece = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                start = end
                if try !take(piece) { return false }
            }
        case .chunked:
            while true {
                var budget = Self.maxLineBytes
                guard let line = try readLine(deadline: deadline, budget: &budget, atStart: false) else { throw TransportFailure.connectionLost }
                let hex = line.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
                guard !hex.isEmpty, hex.count <= 16, let size = UInt64(hex, radix: 16) else {
                    throw TransportFailure.malformedAnswer("chunk size \"\(line.prefix(40))\"")
                }
                if size == 0 {
                    var trailers = Self.maxHeadBytes
                    while true {
                        guard let t = try readLine(deadline: deadline, budget: &trailers, atStart: false) else { throw TransportFailure.connectionLost }
                        if t.isEmpty { return true }
                    }
                }
                if try !readExactly(size, deadline: deadline, take: take) { return false }
                var crlf = 2 + 1
                guard let empty = try readLine(deadline: deadline, budget: &crlf, atStart: false), empty.isEmpty else {
                    throw TransportFailure.malformedAnswer("chunk not followed by CRLF")
                }
            }
        }
    }

    /// Bytes read past the answer: a server that sends more than it framed (a body for HEAD,
    /// an unasked-for second answer). Its connection must not carry another request.
    var hasUnreadBytes: Bool { start < end }

    // MARK: Internals

    private func readExactly(_ n: UInt64, deadline: Deadline, take: (UnsafeRawBufferPointer) throws -> Bool) throws -> Bool {
        var left = n
        while left > 0 {
            if start == end, try fill(deadline: deadline) == 0 { throw TransportFailure.connectionLost }
            let count = Int(min(UInt64(end - start), left))
            let piece = UnsafeRawBufferPointer(rebasing: buffer[start..<start + count])
            start += count
            left -= UInt64(count)
            if try !take(piece) { return false }
        }
        return true
    }

    /// One line without its line ending (CRLF or LF), charging its length to `budget`; nil when
    /// the stream ended before any byte of it (`atStart`: a clean close between answers).
    private func readLine(deadline: Deadline, budget: inout Int, atStart: Bool) throws -> String? {
        var line: [UInt8] = []
        while true {
            if start == end {
                if try fill(deadline: deadline) == 0 {
                    if line.isEmpty { return nil }
                    throw TransportFailure.connectionLost
                }
            }
            let available = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
            if let nl = available.firstIndex(of: 0x0a) {
                line += available[..<nl]
                start += nl + 1
                budget -= nl + 1
                guard budget >= 0 else { throw TransportFailure.malformedAnswer("head longer than \(Self.maxHeadBytes) bytes") }
                if line.last == 0x0d { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            line += available
            start = end
            budget -= available.count
            guard budget >= 0 else { throw TransportFailure.malformedAnswer("head longer than \(Self.maxHeadBytes) bytes") }
        }
    }

    /// Refills the (drained) buffer; the number of bytes read, 0 at the end of the stream.
    private func fill(deadline: Deadline) throws -> Int {
        start = 0
        end = try source.read(into: buffer, deadline: deadline)
        return end
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
