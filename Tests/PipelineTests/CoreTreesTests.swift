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
            XCTAssertTrue(FileMode.allCases.contains(file.mode), file.path)
        }
        XCTAssertEqual(files.filter { $0.file.mode == .executable }.map(\.file.path).sorted(),
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

    func testAMissingArchiveIsCoreMissingAndADamagedOneCoreDamaged() {
        XCTAssertThrowsError(try CoreTrees(store: CountingStore(seed: nil)).tree(pin)) { error in
            XCTAssertEqual(error as? CompositionError, .coreMissing(platform: .ios, digest: pin.digest))
        }
        let store = CountingStore()
        store.damaged = [pin.digest]
        XCTAssertThrowsError(try CoreTrees(store: store).tree(pin)) { error in
            XCTAssertEqual(error as? CompositionError, .coreDamaged(platform: .ios, digest: pin.digest))
        }
    }

    /// Inflated once per store: a second reader (a later compile) takes the recorded files and
    /// never reads the archive.
    func testACoreIsInflatedOncePerStore() throws {
        let store = CountingStore()
        let first = try CoreTrees(store: store).tree(pin)
        XCTAssertEqual(store.reads(pin.digest), 1)
        let second = try CoreTrees(store: store).tree(pin)
        XCTAssertEqual(store.reads(pin.digest), 1, "the archive was read again")
        XCTAssertEqual(second.files, first.files)
        XCTAssertEqual(second.sizes, first.sizes)
        XCTAssertEqual(store.recorded(CoreTrees.key(pin))?.release, CoreTrees.release)
    }

    /// A file whose object vanished (a `store gc`) is inflated again from the archive, verified.
    func testAVanishedFileIsInflatedAgain() throws {
        let store = CountingStore()
        let file = try CoreTrees(store: store).tree(pin).files[0]
        store.inner.removeObject(file.digest)
        let later = CoreTrees(store: store)
        XCTAssertEqual(try later.tree(pin).files[0], file)
        let bytes = try XCTUnwrap(later.bytes(file.digest))
        XCTAssertEqual(Digest.of(bytes), file.digest)
        XCTAssertEqual(store.reads(pin.digest), 2)
        XCTAssertNotNil(store.inner.object(file.digest), "kept again")
        XCTAssertNil(try later.bytes(Digest.of("no Core lists this")))
    }

    /// The key names the archive and how it is read; nothing else.
    func testKeyMovesWithTheArchiveAndItsReading() {
        let key = CoreTrees.key(pin)
        XCTAssertEqual(key, CoreTrees.key(CorePin(platform: .rails, digest: pin.digest, revision: pin.revision, seams: [])))
        XCTAssertNotEqual(key, CoreTrees.key(CorePin(platform: pin.platform, digest: CorePins.android.digest, revision: pin.revision, seams: pin.seams)))
        XCTAssertNotEqual(key, CoreTrees.key(CorePin(platform: pin.platform, digest: pin.digest, revision: "other", seams: pin.seams)))
        XCTAssertNotEqual(key, CoreTrees.key(CorePin(platform: pin.platform, digest: pin.digest, revision: pin.revision,
                                                     excludedRoots: [], seams: pin.seams)))
        var b = DigestBuilder(domain: "orchestrate.core-files", version: 1)
        b.add(pin.digest); b.add(pin.revision); b.add(UInt64(1)); b.add(".github")
        XCTAssertEqual(key, b.finalize())
    }
}
