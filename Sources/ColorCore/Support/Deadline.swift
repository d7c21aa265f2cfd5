import Dispatch

/// A cooperative stop signal for long host work (a matrix, a sweep, a save, a stream): a monotonic deadline
/// plus a flag another thread may set. Kernels poll it once per block (row block, tile, chunk) — never per item —
/// and stop with `StopReason` when it has passed. Shared by reference so every worker thread sees one value.
public final class Deadline: @unchecked Sendable {
    /// Monotonic nanoseconds (`DispatchTime.now().uptimeNanoseconds`) after which work stops; `UInt64.max`: none.
    public let limitNanos: UInt64
    /// Set by `cancel()` (e.g. a memory limit hit on another thread, or a watchdog).
    private let flag = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    /// What the stop is reported as ("time limit of 1 s (--time-limit)").
    public let what: String

    /// A deadline `seconds` from now (non-finite or ≤ 0: none).
    public init(seconds: Double, what: String = "time limit") {
        let now = DispatchTime.now().uptimeNanoseconds
        if seconds.isFinite && seconds > 0 && seconds < 1e9 {
            limitNanos = now &+ UInt64(seconds * 1e9)
        } else {
            limitNanos = .max
        }
        self.what = what
        flag.initialize(to: 0)
    }

    /// A deadline at an absolute monotonic time.
    public init(limitNanos: UInt64, what: String = "time limit") {
        self.limitNanos = limitNanos; self.what = what
        flag.initialize(to: 0)
    }

    deinit { flag.deallocate() }

    /// No deadline (never expires unless cancelled).
    public static func none() -> Deadline { Deadline(limitNanos: .max) }

    public func cancel() { flag.pointee = 1 }

    /// True once the deadline has passed or `cancel()` was called. Cheap enough for once per block.
    @inline(__always)
    public var expired: Bool {
        if flag.pointee != 0 { return true }
        return limitNanos != .max && DispatchTime.now().uptimeNanoseconds >= limitNanos
    }

    /// Throws `DeadlineExceeded` when expired.
    @inline(__always)
    public func check() throws(DeadlineExceeded) {
        if expired { throw DeadlineExceeded(what: what) }
    }
}

/// Thrown by work that stopped at its `Deadline`.
public struct DeadlineExceeded: Error, Sendable, CustomStringConvertible {
    public let what: String
    public init(what: String) { self.what = what }
    public var description: String { "stopped: \(what) reached" }
}
