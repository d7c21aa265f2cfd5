#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ColorIO

/// The multi-core form of `ColorStream.run`: a pipeline in which reading, computing and writing overlap.
///
/// The caller's thread reads batches of lines (`LineBlockReader`) into a ring of `slots` batches and writes the
/// finished chunks in input order (so `emit` and `message` are only ever called on the caller's thread); `workers`
/// threads take the chunks of the batches read so far, in order, and compute them. A batch's slot is read
/// again only after every chunk of it was written. With one core the caller does everything itself, batch by
/// batch (no thread).
///
/// Memory: `slots` batches of at most `ColorStream.batchLines` lines, their input bytes and their rows.
final class StreamPipeline: @unchecked Sendable {
    /// A batch of lines in flight: its input bytes (taken over from the reader), the line ranges, and the chunks
    /// made of it.
    final class Batch: @unchecked Sendable {
        var data: [UInt8] = []
        var lines: [Range<Int>] = []
        var first = 1
        var chunks: [ColorStream.Chunk] = []
        /// Chunks in this batch (the first `chunkCount` of `chunks`).
        var chunkCount = 0
        /// Per chunk: computed and not yet written (guarded by the pipeline's lock).
        var ready: [Bool] = []
    }

    let stream: ColorStream
    let slots: Int
    let ring: [Batch]
    // Guarded by `mutex`.
    var readSeq = 0, emitSeq = 0, emitChunk = 0, takeSeq = 0, takeChunk = 0
    var atEnd = false
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Workers wait here for a batch; the caller waits here for a chunk to write or a free slot.
    let workCond: UnsafeMutablePointer<pthread_cond_t>, mainCond: UnsafeMutablePointer<pthread_cond_t>

    init(_ stream: ColorStream, slots: Int) {
        self.stream = stream
        self.slots = slots
        ring = (0..<slots).map { _ in Batch() }
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

    /// Takes the reader's current batch into `b` (its bytes and line ranges, handed over without a copy; the
    /// reader continues in the batch's previous storage) and cuts it into chunks.
    static func load(_ b: Batch, from reader: LineBlockReader) {
        b.first = reader.firstLineNumber
        reader.handOff(data: &b.data, lines: &b.lines)
        let n = (b.lines.count + ColorStream.chunkLines - 1) / ColorStream.chunkLines
        while b.chunks.count < n { b.chunks.append(ColorStream.Chunk()) }
        b.chunkCount = n
        if b.ready.count < n { b.ready.append(contentsOf: repeatElement(false, count: n - b.ready.count)) }
        for k in 0..<n { b.ready[k] = false }
    }

    /// Computes chunk `k` of `b` (any thread; `work` holds that thread's scratch).
    func compute(_ b: Batch, _ k: Int, _ work: ColorStream.Chunk) {
        let chunk = b.chunks[k]
        chunk.out.removeAll(); chunk.notes.removeAll(keepingCapacity: true); chunk.failed = false
        chunk.outsideSRGB = 0
        swap(&chunk.scratch, &work.scratch)
        let a = k * ColorStream.chunkLines, z = Swift.min(b.lines.count, a + ColorStream.chunkLines)
        b.data.withUnsafeBufferPointer { data in
            b.lines.withUnsafeBufferPointer { ranges in
                stream.processChunk(data, UnsafeBufferPointer(rebasing: ranges[a..<z]), first: b.first + a, into: chunk)
            }
        }
        swap(&chunk.scratch, &work.scratch)
    }

    /// One core: read a batch, compute its chunks, write them; repeat.
    func runSerial(_ reader: LineBlockReader, emit: (UnsafeRawBufferPointer) -> Void, message: (String) -> Void) throws -> Bool {
        let b = ring[0], work = ColorStream.Chunk()
        var failed = false
        while try reader.nextBatch(maxLines: ColorStream.batchLines) {
            Self.load(b, from: reader)
            for k in 0..<b.chunkCount {
                compute(b, k, work)
                let c = b.chunks[k]
                failed = failed || c.failed
                stream.flush(c, emit: emit, message: message, label: { "line \($0)" })
            }
        }
        return failed
    }

    /// `workers` threads compute; the caller reads and writes.
    func run(_ reader: LineBlockReader, workers: Int, emit: (UnsafeRawBufferPointer) -> Void,
             message: (String) -> Void) throws -> Bool {
        var threads: [pthread_t] = []
        let me = Unmanaged.passRetained(self)
        for _ in 0..<workers {
            var tid = pthread_t()
            let rc = pthread_create(&tid, nil, { arg in
                let p = Unmanaged<StreamPipeline>.fromOpaque(arg!).takeUnretainedValue()
                p.workerLoop()
                return nil
            }, me.toOpaque())
            if rc == 0 { threads.append(tid) }
        }
        defer { me.release() }
        if threads.isEmpty { return try runSerial(reader, emit: emit, message: message) }
        var failed = false
        var readError: Error? = nil
        lock()
        while true {
            // Write the next chunk when it is ready.
            if emitSeq < readSeq {
                let b = ring[emitSeq % slots]
                if b.ready[emitChunk] {
                    let c = b.chunks[emitChunk]
                    unlock()
                    failed = failed || c.failed
                    stream.flush(c, emit: emit, message: message, label: { "line \($0)" })
                    lock()
                    b.ready[emitChunk] = false
                    emitChunk += 1
                    if emitChunk == b.chunkCount { emitSeq += 1; emitChunk = 0 }
                    continue
                }
            }
            // Read the next batch into a free slot.
            if !atEnd && readSeq - emitSeq < slots {
                let b = ring[readSeq % slots]
                unlock()
                var more = false
                do { more = try reader.nextBatch(maxLines: ColorStream.batchLines) } catch { readError = error }
                if more { Self.load(b, from: reader) }
                lock()
                if more { readSeq += 1 } else { atEnd = true }
                pthread_cond_broadcast(workCond)
                continue
            }
            if atEnd && emitSeq == readSeq { break }
            pthread_cond_wait(mainCond, mutex)
        }
        unlock()
        for t in threads { pthread_join(t, nil) }
        if let readError { throw readError }
        return failed
    }

    func workerLoop() {
        let work = ColorStream.Chunk()
        lock()
        while true {
            if takeSeq < readSeq {
                let b = ring[takeSeq % slots], k = takeChunk
                takeChunk += 1
                if takeChunk == b.chunkCount { takeSeq += 1; takeChunk = 0 }
                unlock()
                compute(b, k, work)
                lock()
                b.ready[k] = true
                pthread_cond_signal(mainCond)
                continue
            }
            if atEnd { break }
            pthread_cond_wait(workCond, mutex)
        }
        unlock()
    }
}
