import Archive
import Cache
import Foundation
import Lowerings
import Pipeline
import Tasks
import XCTest

final class CoreTreesTests: XCTestCase {
    let pin = CorePins.ios

    /// The one conversion: every regular file of the pinned archive, hashed, with its mode.
    func testFilesAreTheArchivesRegularFiles() throws {
        let archive = try XCTUnwrap(Repository.seed.get(pin.digest))
        let files = try CoreTrees.files(of: pin, archive: archive)
        XCTAssertFalse(files.isEmpty)
        for (file, bytes) in files {
            XCTAssertEqual(file.digest, Digest.of(bytes), file.path)
            XCTAssertTrue(file.mode == 0o644 || file.mode == 0o755, file.path)
        }
        XCTAssertEqual(files.filter { $0.file.mode == 0o755 }.map(\.file.path).sorted(),
                       try ArchiveReader(policy: .pinned(digest: pin.digest, revision: pin.revision)).read(archive).entries
                           .filter { $0.kind == .file && $0.isExecutable }.map(\.path).sorted())
    }

    func testAnArchiveThatBreaksThePolicyIsRefused() throws {
        var archive = try XCTUnwrap(Repository.seed.get(pin.digest))
        archive[archive.count / 2] ^= 0xff
        XCTAssertThrowsError(try CoreTrees.files(of: pin, archive: archive)) { error in
            guard case ArchiveError.digestMismatch = error else { return XCTFail("\(error)") }
        }
    }

    func testAMissingArchiveIsCoreMissing() {
        XCTAssertThrowsError(try CoreTrees(store: CountingStore(seed: nil)).tree(pin)) { error in
            XCTAssertEqual(error as? CompositionError, .coreMissing(platform: "ios", digest: pin.digest))
        }
    }
}
