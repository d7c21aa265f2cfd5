import Foundation
import HuebenchTestSupport
import Testing
@testable import ColorIO

/// The record of streamed temp files: what a dead process's record lists is removed (with its writer's own
/// temp file of a stream cut short), a live process's record and files are left alone, and nothing outside the
/// temp-file names is ever touched.
struct StreamJournalTests {
    @Test func aDeadProcesssRecordIsCleanedAndALiveOneIsNot() throws {
        let dir = IOTest.folder()
        let root = try Directory.open(dir, create: false)
        let m = AtomicFileWriter.tempMarker
        // A record nobody holds (its process died): two temp files, one of them cut short while its writer ran.
        IOTest.write(dir + "/m/.a.npy\(m)1-1", "complete")
        IOTest.write(dir + "/m/..b.npy\(m)1-2\(m)1-3", "partial")
        IOTest.write(dir + "/m/user.npy", "the user's")
        IOTest.write(dir + "/\(StreamJournal.prefix)1-9", "m\t.a.npy\(m)1-1\nm\t.b.npy\(m)1-2\nm\tuser.npy\n../x\t.y\(m)1\n")
        // A live record (held by this process) with its file.
        let live = try StreamJournal(root: root)
        try live.record(folder: [], tempName: ".c.csv\(m)2-1")
        IOTest.write(dir + "/.c.csv\(m)2-1", "live")

        #expect(StreamJournal.recover(in: root) == 2)
        #expect(IOTest.tree(dir) == [".c.csv\(m)2-1", live.name, "m/", "m/user.npy"], "\(IOTest.tree(dir))")
        live.finish()
        #expect(IOTest.tree(dir) == [".c.csv\(m)2-1", "m/", "m/user.npy"])
    }

    @Test func nothingIsRemovedWhileACommitJournalWaits() throws {
        let dir = IOTest.folder()
        let m = AtomicFileWriter.tempMarker
        IOTest.write(dir + "/.a.npy\(m)1-1", "adopted by the interrupted commit")
        IOTest.write(dir + "/\(StreamJournal.prefix)1-9", "\t.a.npy\(m)1-1\n")
        IOTest.write(dir + "/" + StagedFolder.journalName, "staging\n")
        #expect(StreamJournal.recover(in: try Directory.open(dir, create: false)) == 0)
        #expect(IOTest.tree(dir).contains(".a.npy\(m)1-1"))
    }
}
