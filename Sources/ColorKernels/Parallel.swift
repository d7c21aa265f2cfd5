import Dispatch
import Foundation

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

/// Unaligned vector loads and stores on Float planes.
@inlinable @inline(__always)
func load8(_ p: UnsafeMutablePointer<Float>, _ i: Int) -> Float8 { UnsafeRawPointer(p + i).loadUnaligned(as: Float8.self) }
@inlinable @inline(__always)
func load8(_ p: UnsafePointer<Float>, _ i: Int) -> Float8 { UnsafeRawPointer(p + i).loadUnaligned(as: Float8.self) }
@inlinable @inline(__always)
func store8(_ p: UnsafeMutablePointer<Float>, _ i: Int, _ v: Float8) { UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: Float8.self) }

/// Carries a non-Sendable value (a closure over raw pointers to disjoint tiles) into `concurrentPerform`.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
