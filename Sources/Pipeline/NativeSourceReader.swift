import Foundation
import Lowerings

/// The load stage's reading of the native directory: every regular file below `ios/`,
/// `android/` and `web/`, sorted, with its bytes. Names starting with `.` (`.DS_Store`, `.git/`) are skipped;
/// a link, FIFO or device, a name that is not UTF-8 without `/` or `\`, and files over the limits
/// (`NativeSources.maximumFiles`, `fileBytes`) are diagnostics, so the Plan's load reports them
/// with its own. Links are never followed.
public enum NativeSourceReader {
    public static func read(_ directory: NativeDirectory) throws -> NativeSources {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            if directory.required { throw PipelineError.inputMissing(path: directory.display, what: "native directory") }
            return NativeSources(directory: directory.display, files: [])
        }
        guard isDirectory.boolValue else {
            throw PipelineError.unreadable(path: directory.display, what: "native directory", reason: "not a directory")
        }
        var files: [NativeSources.File] = []
        var diagnostics: [Diagnostic] = []
        func problem(_ code: DiagnosticCode, _ path: String, _ message: String) {
            diagnostics.append(Diagnostic(file: directory.display + "/" + path, position: SourcePosition(line: 1, column: 1, offset: 0),
                                          pointer: .root, code: code, message: message))
        }
        func walk(_ relative: String) throws {
            let absolute = directory.path + "/" + relative
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: absolute) } catch {
                throw PipelineError.unreadable(path: directory.display + "/" + relative, what: "native directory", reason: error.localizedDescription)
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = relative + "/" + name
                if name.contains("\\") || name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    problem(.sourceFilePathInvalid, path, "this name has a control character or a backslash: rename it")
                    continue
                }
                let attributes: [FileAttributeKey: Any]
                do { attributes = try FileManager.default.attributesOfItem(atPath: directory.path + "/" + path) } catch {
                    throw PipelineError.unreadable(path: directory.display + "/" + path, what: "native file", reason: error.localizedDescription)
                }
                switch attributes[.type] as? FileAttributeType {
                case .typeDirectory?: try walk(path)
                case .typeRegular?:
                    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                    guard size <= NativeSources.fileBytes else {
                        problem(.sourceFileTooLarge, path, "this file is \(size) bytes; a native file holds at most \(NativeSources.fileBytes) (16 MiB)")
                        continue
                    }
                    guard files.count < NativeSources.maximumFiles else {
                        problem(.sourceFilesTooMany, path, "the native directory has more than \(NativeSources.maximumFiles) files; this one and those after it are not read")
                        return
                    }
                    guard let data = FileManager.default.contents(atPath: directory.path + "/" + path) else {
                        throw PipelineError.unreadable(path: directory.display + "/" + path, what: "native file", reason: "read failed")
                    }
                    files.append(NativeSources.File(path: path, bytes: Array(data)))
                default:
                    problem(.sourceFileNotRegular, path, "not a regular file (a link, FIFO or device); native sources are copied from regular files only: replace it with the file itself")
                }
            }
        }
        for top in ["android", "ios", "web"] {
            var sub: ObjCBool = false
            let path = directory.path + "/" + top
            guard FileManager.default.fileExists(atPath: path, isDirectory: &sub) else { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            guard sub.boolValue, attributes?[.type] as? FileAttributeType == .typeDirectory else {
                problem(.sourceFileNotRegular, top, "expected a directory of sources (not a link or a file)")
                continue
            }
            try walk(top)
        }
        return NativeSources(directory: directory.display, files: files, diagnostics: diagnostics)
    }
}
