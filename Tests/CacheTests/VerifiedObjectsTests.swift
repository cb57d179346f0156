import Foundation
import XCTest
@testable import Cache

/// `objects.verified` read back: a few lookups scan the file's records, later ones a table of
/// them; both answer with each digest's last record, and ignore a torn last record.
final class VerifiedObjectsTests: XCTestCase {
    private func facts(_ n: UInt64) -> VerifiedObjects.Facts {
        var f = VerifiedObjects.Facts(stat(), size: n)
        f.inode = 1000 + n
        f.fileSize = 10 * n
        f.mtimeNs = Int64(n) * 7
        f.ctimeNs = Int64(n) * 11
        return f
    }

    private func digest(_ n: Int) -> Digest { Digest.of(Array("object \(n)".utf8)) }

    /// 40 objects recorded, then the first 10 recorded again with other facts (a later process
    /// proved them anew), in two saves, as two runs append.
    private func written(_ test: XCTestCase) throws -> String {
        let dir = try TemporaryDirectory(test)
        let path = dir.sub("objects.verified")
        let first = VerifiedObjects(path: path)
        for n in 0 ..< 40 { first.record(digest(n), facts(UInt64(n))) }
        first.save()
        let second = VerifiedObjects(path: path)
        for n in 0 ..< 10 { second.record(digest(n), facts(UInt64(n + 100))) }
        second.save()
        return path
    }

    /// What one lookup after `warmUp` others answers, for digest `n`'s latest facts and its first.
    private func lookUp(_ path: String, warmUp: Int, _ n: Int) -> (latest: Bool, first: Bool) {
        let proofs = VerifiedObjects(path: path)
        for i in 0 ..< warmUp { _ = proofs.proven(digest(1000 + i), facts(0)) }
        let latest = facts(UInt64(n < 10 ? n + 100 : n))
        return (proofs.proven(digest(n), latest), proofs.proven(digest(n), facts(UInt64(n))))
    }

    func testAFewLookupsAndManyGiveTheLastRecordOfEachDigest() throws {
        let path = try written(self)
        // Fewer lookups than the limit (scans), and more (the table).
        for warmUp in [0, VerifiedObjects.scanLimit + 1] {
            for n in [0, 9, 10, 39] {
                let (latest, first) = lookUp(path, warmUp: warmUp, n)
                XCTAssertTrue(latest, "digest \(n) after \(warmUp) lookups: its last record")
                XCTAssertEqual(first, n >= 10, "digest \(n) after \(warmUp) lookups: a record later ones replaced")
            }
            XCTAssertFalse(VerifiedObjects(path: path).proven(digest(40), facts(40)), "never recorded")
        }
    }

    func testATornLastRecordIsIgnoredAndAProofRecordedHereWins() throws {
        let path = try written(self)
        // The last record (digest 9's second) cut short: digest 9's first record answers.
        let bytes = try XCTUnwrap(FileIO.read(path))
        try Data(bytes.dropLast(5)).write(to: URL(fileURLWithPath: path))
        for warmUp in [0, VerifiedObjects.scanLimit + 1] {
            XCTAssertEqual(lookUp(path, warmUp: warmUp, 9).latest, false, "after \(warmUp) lookups")
            XCTAssertEqual(lookUp(path, warmUp: warmUp, 9).first, true, "after \(warmUp) lookups")
        }
        let proofs = VerifiedObjects(path: path)
        proofs.record(digest(9), facts(500))
        XCTAssertTrue(proofs.proven(digest(9), facts(500)))
        XCTAssertFalse(proofs.proven(digest(9), facts(9)))
    }
}
