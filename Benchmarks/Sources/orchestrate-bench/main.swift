import Cache
import Foundation

// The "ours" side of the benchmarks in Benchmarks/run.sh. Not a test: it prints what it did and
// how long it took, and never judges the time.
//
//   orchestrate-bench digest FILE          Digest.ofFile (streamed), prints the hex digest
//   orchestrate-bench ingest LIST STORE    FileSystemContentStore.put of every file named in LIST
//                                           (one path per line, read included), prints the count

func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("orchestrate-bench: \(message)\n".utf8))
    exit(2)
}

/// The whole file, read with POSIX calls (as the store's own reader does).
func readFile(_ path: String) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { fail("cannot open \(path): errno \(errno)") }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else { fail("cannot stat \(path): errno \(errno)") }
    let size = Int(st.st_size)
    var got = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buf, count in
        while got < size {
            let n = read(fd, buf.baseAddress! + got, size - got)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            got += n
        }
        count = got
    }
    guard got == size else { fail("short read of \(path)") }
    return bytes
}

let args = CommandLine.arguments
guard args.count >= 2 else { fail("usage: orchestrate-bench digest FILE | ingest LIST STORE") }

switch args[1] {
case "digest" where args.count == 3:
    let start = DispatchTime.now().uptimeNanoseconds
    do {
        let d = try Digest.ofFile(at: args[2])
        print("\(d.hex) \(String(format: "%.3f", seconds(since: start)))s")
    } catch {
        fail("\(error)")
    }

case "ingest" where args.count == 4:
    guard let list = FileManager.default.contents(atPath: args[2]) else { fail("cannot read \(args[2])") }
    let paths = String(decoding: list, as: UTF8.self).split(separator: "\n").map(String.init)
    let store = FileSystemContentStore(root: args[3])
    let start = DispatchTime.now().uptimeNanoseconds
    var n = 0
    do {
        for p in paths {
            try store.put(readFile(p))
            n += 1
        }
    } catch {
        fail("\(error)")
    }
    print("\(n) files \(String(format: "%.3f", seconds(since: start)))s")

default:
    fail("usage: orchestrate-bench digest FILE | ingest LIST STORE")
}
