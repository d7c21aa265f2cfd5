#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ColorIO

/// `ColorStream.run` on one or more cores: every thread — the caller's and `cores − 1` workers — takes the next
/// block of the input in turn, reads it itself (`LineBlockReader.nextBlock`: about `ColorStream.blockBytes` of
/// whole lines), and cuts and computes it on its own core (so the bytes stay in that core's cache); the caller's
/// thread also writes the finished blocks in input order, before taking another block (so `emit` and `message`
/// are only ever called on the caller's thread, and no thread beyond the cores is busy).
///
/// Line numbers: a block counts its lines from 1 while it is computed; the writer adds the lines of the blocks
/// written before it. A line over the limit (found by the reader, or when a block is cut) and a read error end
/// the stream after the rows of every line before them were written.
///
/// Memory: `4 × cores` blocks' rows in flight (in buffers each thread reuses), one block of input per thread.
final class StreamPipeline: @unchecked Sendable {
    /// One block in flight: its rows and messages (`chunk`, lent by the thread that computed it), its line count
    /// and what follows its lines.
    final class Unit: @unchecked Sendable {
        enum Status { case more, end, lineTooLong, failed(Error) }
        var chunk: ColorStream.Chunk? = nil
        var owner: Worker? = nil
        var lineCount = 0
        var status = Status.more
    }

    /// What a thread keeps between blocks: the input bytes, the line ranges, the batch path's scratch, and its
    /// own row buffers (`free`, guarded by the pipeline's lock): a thread writes its rows into memory its core
    /// wrote last, and the caller hands each buffer back to its thread once written.
    final class Worker {
        var input: [UInt8] = []
        var lines: [Range<Int>] = []
        var scratch = ColorStream.Scratch()
        var free: [ColorStream.Chunk] = []
    }

    let stream: ColorStream
    let reader: LineBlockReader
    let ringSize: Int
    let threads: Int
    let fileEnd: Int?
    let units: [Unit]
    // Guarded by `mutex`.
    /// The next block to read, the next to write; per unit of the ring: computed and not yet written.
    var nextSeq = 0, flushSeq = 0
    var ready: [Bool]
    /// A thread is reading (blocks are read one at a time, in order); no block is left to read; the run is over.
    var reading = false, inputDone = false, stop = false
    var callerWaiting = false, workersWaiting = 0
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Workers wait here for the reader's turn or a free unit; the caller waits here for the block to write next.
    let workCond: UnsafeMutablePointer<pthread_cond_t>, mainCond: UnsafeMutablePointer<pthread_cond_t>

    init(_ stream: ColorStream, reader: LineBlockReader, threads: Int) {
        self.stream = stream
        self.reader = reader
        self.threads = threads
        // Where a file of known size ends, in the reader's count of bytes read (only matters on more than one core).
        fileEnd = threads > 1 ? reader.bytesLeftInFile().map { $0 + reader.blockBytesRead } : nil
        ringSize = 4 * Swift.max(1, threads)
        units = (0..<ringSize).map { _ in Unit() }
        ready = Array(repeating: false, count: ringSize)
        mutex = .allocate(capacity: 1); pthread_mutex_init(mutex, nil)
        workCond = .allocate(capacity: 1); pthread_cond_init(workCond, nil)
        mainCond = .allocate(capacity: 1); pthread_cond_init(mainCond, nil)
    }

    deinit {
        pthread_cond_destroy(workCond); workCond.deallocate()
        pthread_cond_destroy(mainCond); mainCond.deallocate()
        pthread_mutex_destroy(mutex); mutex.deallocate()
    }

    @inline(__always) func lock() { pthread_mutex_lock(mutex) }
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }

    /// Takes the next block when it is this thread's turn to read and a unit is free: reads it, then cuts and
    /// computes it. Called and returns with the lock held; false when there was nothing to take.
    func takeAndRun(_ w: Worker) -> Bool {
        guard !inputDone, !reading, nextSeq - flushSeq < ringSize else { return false }
        let seq = nextSeq
        nextSeq += 1
        reading = true
        let chunk = w.free.popLast() ?? ColorStream.Chunk()
        unlock()
        var status = Unit.Status.more
        do {
            switch try reader.nextBlock(into: &w.input, bytes: blockSize()) {
            case .lines: status = .more
            case .end: status = .end
            case .lineTooLong: status = .lineTooLong; w.input.removeAll(keepingCapacity: true)
            }
        } catch {
            status = .failed(error)
            w.input.removeAll(keepingCapacity: true)
        }
        lock()
        reading = false
        if case .more = status {} else { inputDone = true }
        if workersWaiting > 0 { if inputDone { pthread_cond_broadcast(workCond) } else { pthread_cond_signal(workCond) } }
        if callerWaiting { pthread_cond_signal(mainCond) }
        unlock()
        let u = units[seq % ringSize]
        if !compute(w, into: chunk, lineCount: &u.lineCount) { status = .lineTooLong }
        u.status = status
        u.chunk = chunk
        u.owner = w
        lock()
        if case .lineTooLong = status, !inputDone {
            inputDone = true
            if workersWaiting > 0 { pthread_cond_broadcast(workCond) }
        }
        ready[seq % ringSize] = true
        if seq == flushSeq && callerWaiting { pthread_cond_signal(mainCond) }
        return true
    }

    /// The bytes of the next read: `ColorStream.blockBytes`, or a quarter of it for the last `2 × threads` blocks of
    /// a file of known size, so the threads finish close together. Called by the reading thread.
    func blockSize() -> Int {
        if let end = fileEnd, end - reader.blockBytesRead <= 2 * threads * ColorStream.blockBytes {
            return ColorStream.blockBytes / 4
        }
        return ColorStream.blockBytes
    }

    /// Cuts `w.input` into lines and computes them into `chunk` (rows, messages numbered from 1), in pieces of
    /// `ColorStream.chunkLines` lines. Returns false when a line is over the limit (the lines before it were computed).
    func compute(_ w: Worker, into chunk: ColorStream.Chunk, lineCount: inout Int) -> Bool {
        chunk.out.removeAll(); chunk.notes.removeAll(keepingCapacity: true); chunk.failed = false
        chunk.outsideSRGB = 0
        let limit = reader.maxLineBytes
        return w.input.withUnsafeBufferPointer { data in
            let whole = LineBlockReader.cutLines(data, limit: limit, into: &w.lines)
            let n = w.lines.count
            lineCount = n
            if n == 0 { return whole }
            swap(&chunk.scratch, &w.scratch)
            w.lines.withUnsafeBufferPointer { ranges in
                var a = 0
                while a < n {
                    let z = Swift.min(n, a + ColorStream.chunkLines)
                    stream.processChunk(data, UnsafeBufferPointer(rebasing: ranges[a..<z]), first: a + 1, into: chunk)
                    a = z
                }
            }
            swap(&chunk.scratch, &w.scratch)
            return whole
        }
    }

    /// Runs the stream with `workers` threads beside the caller's (0: the caller does everything).
    func run(workers: Int, emit: (UnsafeRawBufferPointer) -> Void, message: (String) -> Void) throws -> Bool {
        var threads: [pthread_t] = []
        let me = Unmanaged.passRetained(self)
        defer { me.release() }
        for _ in 0..<workers {
            var tid = pthread_t()
            let rc = pthread_create(&tid, nil, { arg in
                let p = Unmanaged<StreamPipeline>.fromOpaque(arg!).takeUnretainedValue()
                p.workerLoop()
                return nil
            }, me.toOpaque())
            if rc == 0 { threads.append(tid) }
        }
        let w = Worker()
        var failed = false
        var ending: Error? = nil
        var written = 0  // lines of the blocks written so far
        lock()
        while true {
            let k = flushSeq % ringSize
            if ready[k] {
                let u = units[k], chunk = u.chunk!
                unlock()
                failed = failed || chunk.failed
                let base = written
                stream.flush(chunk, emit: emit, message: message, label: { "line \(base + $0)" })
                written += u.lineCount
                lock()
                u.owner!.free.append(chunk)
                u.chunk = nil; u.owner = nil
                ready[k] = false
                flushSeq += 1
                if workersWaiting > 0 { pthread_cond_signal(workCond) }
                switch u.status {
                case .more: continue
                case .end: break
                case .lineTooLong:
                    ending = LineTooLongError(line: written + 1, limit: reader.maxLineBytes, source: reader.source)
                case .failed(let e): ending = e
                }
                break
            }
            if takeAndRun(w) { continue }
            callerWaiting = true
            pthread_cond_wait(mainCond, mutex)
            callerWaiting = false
        }
        stop = true
        inputDone = true
        pthread_cond_broadcast(workCond)
        unlock()
        for t in threads { pthread_join(t, nil) }
        if let ending { throw ending }
        return failed
    }

    func workerLoop() {
        let w = Worker()
        lock()
        while !stop {
            if takeAndRun(w) { continue }
            if inputDone { break }
            workersWaiting += 1
            pthread_cond_wait(workCond, mutex)
            workersWaiting -= 1
        }
        unlock()
    }
}
