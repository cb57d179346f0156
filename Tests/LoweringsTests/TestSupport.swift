import Foundation
import XCTest
@testable import Lowerings

/// Fixture Plans are read relative to this file (no `resources:` in Package.swift).
enum Fixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let names = ["movie-catalog.plan.json", "notes.plan.json", "studio-ops.plan.json"]

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }
}

/// (code, pointer) pairs, the shape most assertions compare.
func summary(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.code.rawValue) \($0.pointer)" }
}

/// A rendered seam and the Core placeholder it replaces (`core`, relative to the package root) both
/// declare each of `members`: the API the Core's frozen files call.
func assertDeclareTheCoreAPI(core: String, rendered: [UInt8]?, _ members: [String], file: StaticString = #filePath, line: UInt = #line) throws {
    let placeholder = try String(contentsOf: IOSTest.packageRoot.appendingPathComponent(core), encoding: .utf8)
    let text = String(decoding: try XCTUnwrap(rendered, "no rendered \(core)", file: file, line: line), as: UTF8.self)
    for member in members {
        XCTAssertTrue(placeholder.contains(member), "\(core) lacks \(member)", file: file, line: line)
        XCTAssertTrue(text.contains(member), "the rendered \(core) lacks \(member)", file: file, line: line)
    }
}

func load(_ text: String, file: String = "plan.json") -> PlanLoadResult {
    PlanLoader.load(bytes: Array(text.utf8), file: file)
}

/// A mutable JSON object model for table-driven tests: set or remove a value at a pointer, then serialize.
enum JSONEdit {
    static func parse(_ text: String) -> Any {
        try! JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    static func serialize(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys]),
               as: UTF8.self)
    }

    /// Sets (or, with nil, removes) the value at `pointer` (unescaped tokens split on '/').
    static func set(_ root: Any, _ pointer: String, _ value: Any?) -> Any {
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        return set(root, tokens[...], value)
    }

    private static func set(_ node: Any, _ tokens: ArraySlice<String>, _ value: Any?) -> Any {
        guard let token = tokens.first else { return value as Any }
        let rest = tokens.dropFirst()
        if var object = node as? [String: Any] {
            if rest.isEmpty {
                object[token] = value
            } else {
                object[token] = set(object[token] ?? [String: Any](), rest, value)
            }
            return object
        }
        if var array = node as? [Any], let index = Int(token) {
            if rest.isEmpty {
                if let value { if index == array.count { array.append(value) } else { array[index] = value } }
                else { array.remove(at: index) }
            } else {
                array[index] = set(array[index], rest, value)
            }
            return array
        }
        preconditionFailure("cannot set \(tokens) in \(node)")
    }
}
