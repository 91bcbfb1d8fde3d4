import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Follows the photo folder with inotify (inotify(7)): a thread blocks in `poll` on a non-blocking
/// inotify descriptor, notes when a photo file was written and closed, moved in or out, deleted or touched, and
/// wakes the run loop (`wake`, e.g. an SDL event ending `SDL_WaitEventTimeout`). The loop takes the
/// changes in (`due`) once the folder has been quiet for `quiet` seconds — a camera import of 200 files
/// is one rescan and one relayout — or at the latest `maxDelay` seconds after the first change, so a
/// folder that never stops changing is still followed. Nothing busy-waits: the thread sleeps in
/// `poll`, the loop in its own wait.
///
/// Only names with a photo's extension count (the selection file written into the same folder does not
/// trigger a rescan); hidden files (an editor's or a copier's temporary) do not either.
package final class FolderWatcher: @unchecked Sendable {
    private let inotify: Int32
    /// A pipe whose write end stops the thread (`deinit`).
    private let stopPipe: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var firstChange: UInt64?
    private var lastChange: UInt64 = 0
    private var thread: Thread?
    private let wake: @Sendable () -> Void
    package let folder: String

    /// Starts watching `folder`; nil when inotify is unavailable or the folder cannot be watched (the
    /// run goes on without following it).
    package init?(folder: String, wake: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // A file counts once it is whole: written and closed, or moved in. Not at IN_CREATE — a copy
        // that takes longer than the quiet time would be rescanned half-written and flash as damaged.
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB)
        guard inotify_add_watch(fd, folder, mask) >= 0 else {
            close(fd)
            return nil
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(fd)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        inotify = fd
        stopPipe = (ends[0], ends[1])
        self.wake = wake
        self.folder = folder
        let thread = Thread { [self] in watch() }
        thread.name = "tessera.folder-watcher"
        self.thread = thread
        thread.start()
    }

    /// Stops the thread and closes the descriptors (the thread holds the watcher until then).
    package func stop() {
        guard thread != nil else { return }
        thread = nil
        var byte: UInt8 = 1
        _ = Glibc.write(stopPipe.write, &byte, 1)
    }

    deinit {
        stop()
    }

    private func watch() {
        var fds = [
            pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer {
            close(inotify)
            close(stopPipe.read)
            close(stopPipe.write)
        }
        while true {
            let n = poll(&fds, 2, -1)
            if n < 0 && errno == EINTR { continue }
            guard n > 0, fds[1].revents == 0 else { return }
            var relevant = false
            while true {
                let got = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                relevant = Self.namesAPhoto(buffer, count: got) || relevant
            }
            guard relevant else { continue }
            let now = DispatchTime.now().uptimeNanoseconds
            lock.lock()
            if firstChange == nil { firstChange = now }
            lastChange = now
            lock.unlock()
            wake()
        }
    }

    /// True when any event in the first `count` bytes names a photo file (struct inotify_event: wd,
    /// mask, cookie, len, then `len` bytes of NUL-padded name).
    static func namesAPhoto(_ buffer: [UInt8], count: Int) -> Bool {
        var at = 0
        let header = MemoryLayout<inotify_event>.size
        var found = false
        while at + header <= count {
            let length = Int(
                buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self) })
            let start = at + header
            let end = min(count, start + length)
            if length > 0, let zero = buffer[start..<end].firstIndex(of: 0) ?? Optional(end) {
                let name = String(decoding: buffer[start..<zero], as: UTF8.self)
                if isPhotoName(name) { found = true }
            }
            at = start + length
        }
        return found
    }

    /// A visible file with a photo's extension (`PhotoLibrary.extensions`).
    static func isPhotoName(_ name: String) -> Bool {
        !name.hasPrefix(".") && PhotoLibrary.extensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// Seconds until the changes seen so far are due to be taken in (0 when due now), nil when there
    /// are none.
    package func secondsUntilDue(quiet: Double, maxDelay: Double) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard let first = firstChange else { return nil }
        let now = DispatchTime.now().uptimeNanoseconds
        let sinceLast = Double(now &- lastChange) / 1e9
        let sinceFirst = Double(now &- first) / 1e9
        return max(0, min(quiet - sinceLast, maxDelay - sinceFirst))
    }

    /// Forgets the changes seen so far (the caller is about to rescan); later ones start a new batch.
    package func clear() {
        lock.lock()
        firstChange = nil
        lock.unlock()
    }
}
