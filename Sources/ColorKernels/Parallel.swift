import ColorCore
import Dispatch
import Foundation
import Synchronization
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Splits index ranges over cores with `DispatchQueue.concurrentPerform`.
public enum Parallel {
    /// The number of cores (active processors).
    public static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// `threads` resolved: 0 or negative means every core.
    public static func resolve(_ threads: Int) -> Int { threads <= 0 ? coreCount : threads }

    /// Calls `body` on disjoint subranges of `0..<count` whose bounds are multiples of `granule`, on up to
    /// `threads` threads (1: on the caller's thread, no dispatch). Each thread gets one contiguous range,
    /// which it may process tile by tile.
    public static func forRanges(count: Int, granule: Int = 16, threads: Int, _ body: (Range<Int>) -> Void) {
        let t = Swift.min(resolve(threads), Swift.max(1, (count + granule - 1) / granule))
        if t <= 1 { if count > 0 { body(0..<count) }; return }
        let granules = (count + granule - 1) / granule
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: t) { k in
                let a = granules * k / t * granule, b = Swift.min(count, granules * (k + 1) / t * granule)
                if a < b { box.value(a..<b) }
            }
        }
    }
}

extension Parallel {
    /// Calls `body` on the chunks `[k·chunk, (k+1)·chunk) ∩ 0..<count`, handed out dynamically to up to `threads`
    /// threads (1: in order on the caller's thread). A thread that is slowed down (another process on its core)
    /// simply takes fewer chunks, so the job ends when the last chunk does, not when the slowest static half does.
    public static func forChunks(count: Int, chunk: Int, threads: Int, _ body: (Range<Int>) -> Void) {
        precondition(chunk > 0, "chunk must be positive")
        let chunks = (count + chunk - 1) / chunk
        let t = Swift.min(resolve(threads), chunks)
        if t <= 1 {
            var a = 0
            while a < count { body(a..<Swift.min(count, a + chunk)); a += chunk }
            return
        }
        let next = UncheckedBox(UnsafeMutablePointer<Int>.allocate(capacity: 1))
        next.value.initialize(to: 0)
        defer { next.value.deallocate() }
        let lock = NSLock()
        withoutActuallyEscaping(body) { body in
            let box = UncheckedBox(body)
            DispatchQueue.concurrentPerform(iterations: t) { _ in
                while true {
                    lock.lock(); let k = next.value.pointee; next.value.pointee = k + 1; lock.unlock()
                    if k >= chunks { break }
                    box.value(k * chunk..<Swift.min(count, (k + 1) * chunk))
                }
            }
        }
    }
}

extension Parallel {
    /// `forChunks` that stops at `deadline`: each chunk polls it before it runs (never per item) and is skipped
    /// once it has expired; then `DeadlineExceeded` is thrown. Chunks already running finish. nil: no deadline.
    public static func forChunks(count: Int, chunk: Int, threads: Int, deadline: Deadline?,
                                 _ body: (Range<Int>) -> Void) throws(DeadlineExceeded) {
        guard let deadline else { forChunks(count: count, chunk: chunk, threads: threads, body); return }
        try deadline.check()
        forChunks(count: count, chunk: chunk, threads: threads) { r in
            if !deadline.expired { body(r) }
        }
        try deadline.check()
    }
}

/// Unaligned vector loads and stores on Float planes.
@_transparent
func load8(_ p: UnsafeMutablePointer<Float>, _ i: Int) -> Float8 { UnsafeRawPointer(p + i).loadUnaligned(as: Float8.self) }
@_transparent
func load8(_ p: UnsafePointer<Float>, _ i: Int) -> Float8 { UnsafeRawPointer(p + i).loadUnaligned(as: Float8.self) }
@_transparent
func store8(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ v: Float8) { UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: Float8.self) }

@_transparent
func load4(_ p: UnsafePointer<Float>, _ i: Int) -> SIMD4<Float> { UnsafeRawPointer(p + i).loadUnaligned(as: SIMD4<Float>.self) }
@_transparent
func store4(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ v: SIMD4<Float>) {
    UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: SIMD4<Float>.self)
}

/// A non-temporal (streaming) vector store: bypasses the cache, so a large output costs no read-for-ownership
/// traffic. `p + i` must be 32-byte aligned (planes are 64-byte aligned; `i` a multiple of 8). Follow a run
/// of streaming stores with `storeFence()` before other threads read the data.
@_transparent
func store8Streaming(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ v: Float8) {
    #if HUEBENCH_AVX2
    _mm256_stream_ps(p + i, v)
    #elseif arch(x86_64)
    _mm_stream_ps(p + i, v.lowHalf); _mm_stream_ps(p + i + 4, v.highHalf)
    #else
    store8(p, i, v)
    #endif
}

/// Orders streaming stores before later memory operations: a sequentially consistent atomic read-modify-write
/// (a `lock`-prefixed instruction on x86-64, which drains the write-combining buffers like `sfence`;
/// `_mm_sfence` is not callable from Swift).
@inline(never)
func storeFence() {
    let fence = Atomic<Int>(0)
    fence.add(1, ordering: .sequentiallyConsistent)
}

/// Carries a non-Sendable value (a closure over raw pointers to disjoint tiles) into `concurrentPerform`.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
