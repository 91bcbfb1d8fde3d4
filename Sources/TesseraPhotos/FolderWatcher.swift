import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Follows the photo folder with inotify (inotify(7)) and rescans it off the main thread.
///
/// A thread blocks in `poll` on a non-blocking inotify descriptor and notes when a photo file was
/// written and closed, moved in or out, deleted or touched. Once the folder has been quiet for
/// `quiet` seconds — a camera import of 200 files is one rescan and one relayout — or at the latest
/// `maxDelay` seconds after the first change, so a folder that never stops changing is still followed,
/// the same thread rescans it (`PhotoLibrary.scanning`, from the last scan: a thousand unchanged
/// headers, and the files skipped before, are not read again) and wakes the run loop (`wake`, e.g. an
/// SDL event ending `SDL_WaitEventTimeout`), which takes the new scan in (`takeScan`). The main
/// thread never reads a file for it. Nothing busy-waits: the thread sleeps in `poll`, the loop in its
/// own wait.
///
/// The folder itself may go: deleted and made again, replaced by another (`mv new photos`), turned
/// into a file and back. Its parent is watched for the folder's own name, and when a folder of that
/// name appears the watch is moved to it and the whole folder is rescanned. While there is no folder
/// the photos stay as they were. A queue overflow (`IN_Q_OVERFLOW`: more events than the kernel
/// keeps, while the process was stopped, say) means events were lost: the whole folder is rescanned.
///
/// Only names with a photo's extension count (the selection file written into the same folder does not
/// trigger a rescan); hidden files (an editor's or a copier's temporary) do not either.
package final class FolderWatcher: @unchecked Sendable {
    private let inotify: Int32
    /// A pipe whose write end stops the thread (`stop`).
    private let stopPipe: (read: Int32, write: Int32)
    private let lock = NSLock()
    private var firstChange: UInt64?
    private var lastChange: UInt64 = 0
    private var quiet = 0.15
    private var maxDelay = 0.6
    /// The last scan, and one made but not yet taken.
    private var library: PhotoLibrary?
    private var ready: PhotoLibrary?
    private var scanning = false
    private var thread: Thread?
    private let wake: @Sendable () -> Void
    let folder: String
    /// The watch on the folder (−1 while there is no folder) and on its parent; the folder's name.
    private var folderWatch: Int32 = -1
    private var parentWatch: Int32 = -1
    private let name: [UInt8]

    /// What the folder's watch reports: whole files, and the folder itself going.
    static let folderEvents = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
    /// What the parent's watch reports (only the folder's own name is looked at).
    static let parentEvents = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    /// Starts watching `folder`, whose last scan is `library` (nil: the first rescan reads every
    /// file); nil when inotify is unavailable or the folder cannot be watched (the run goes on without
    /// following it).
    package init?(folder: String, library: PhotoLibrary? = nil, wake: @escaping @Sendable () -> Void) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        // A file counts once it is whole: written and closed, or moved in. Not at IN_CREATE — a copy
        // that takes longer than the quiet time would be rescanned half-written and flash as damaged.
        let watched = FileNames.withPath(folder) { inotify_add_watch(fd, $0, Self.folderEvents) }
        guard watched >= 0 else {
            close(fd)
            return nil
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            close(fd)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let absolute = URL(fileURLWithPath: folder).standardizedFileURL
        inotify = fd
        folderWatch = watched
        parentWatch = FileNames.withPath(absolute.deletingLastPathComponent().path) {
            inotify_add_watch(fd, $0, Self.parentEvents)
        }
        name = FileNames.bytes(absolute.lastPathComponent)
        stopPipe = (ends[0], ends[1])
        self.wake = wake
        self.folder = folder
        self.library = library
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
            let n = poll(&fds, 2, pollTimeout())
            if n < 0 && errno == EINTR { continue }
            guard n >= 0, fds[1].revents == 0 else { return }
            var relevant = false
            while n > 0 {
                let got = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                for event in Self.events(in: buffer, count: got) where needsRescan(event) { relevant = true }
            }
            if relevant {
                let now = DispatchTime.now().uptimeNanoseconds
                lock.lock()
                if firstChange == nil { firstChange = now }
                lastChange = now
                lock.unlock()
                wake()
            }
            if isDue() { rescan() }
        }
    }

    /// What one event means here: true when the folder must be rescanned. Moves the folder's watch
    /// to a new folder of its name.
    func needsRescan(_ event: Event) -> Bool {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
        if event.watch == parentWatch {
            guard event.name == name else { return false }
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { rearm() }
            return true
        }
        guard event.watch == folderWatch else { return false }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            folderWatch = -1
            return true
        }
        if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { return true }
        return Self.isPhotoName(String(decoding: event.name, as: UTF8.self))
    }

    /// Watches whatever is at the folder's path now (a new folder there); nothing when it is no folder.
    private func rearm() {
        if folderWatch >= 0 { inotify_rm_watch(inotify, folderWatch) }
        folderWatch = FileNames.withPath(folder) {
            inotify_add_watch(inotify, $0, Self.folderEvents | UInt32(IN_ONLYDIR))
        }
    }

    /// Milliseconds `poll` may sleep: until the changes seen are due, or for ever.
    private func pollTimeout() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard let wait = secondsUntilScan() else { return -1 }
        return Int32(min(60_000, max(1, (wait * 1000).rounded(.up))))
    }

    private func isDue() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return !scanning && secondsUntilScan() == 0
    }

    /// Seconds until the changes seen are to be scanned (0: now); nil when there are none. Locked.
    private func secondsUntilScan() -> Double? {
        guard let first = firstChange else { return nil }
        let now = DispatchTime.now().uptimeNanoseconds
        let sinceLast = Double(now &- lastChange) / 1e9
        let sinceFirst = Double(now &- first) / 1e9
        return max(0, min(quiet - sinceLast, maxDelay - sinceFirst))
    }

    /// Scans the folder (here, off the main thread) and hands the scan to the loop.
    private func rescan() {
        lock.lock()
        scanning = true
        firstChange = nil
        let earlier = library
        lock.unlock()
        // A folder gone again (or never back) may be here again by another way: look.
        if folderWatch < 0 { rearm() }
        let scan = try? PhotoLibrary.scanning(folder: folder, allowingEmpty: true, earlier: earlier)
        lock.lock()
        scanning = false
        if let scan {
            library = scan
            ready = scan
        }
        lock.unlock()
        // No folder there now: the photos stay as they were.
        if scan != nil { wake() }
    }

    /// One inotify event (struct inotify_event: wd, mask, cookie, len, then `len` bytes of NUL-padded
    /// name).
    struct Event: Equatable {
        var watch: Int32
        var mask: UInt32
        var name: [UInt8]
    }

    /// The events in the first `count` bytes of `buffer`.
    static func events(in buffer: [UInt8], count: Int) -> [Event] {
        var events: [Event] = []
        var at = 0
        let header = MemoryLayout<inotify_event>.size
        while at + header <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes {
                (
                    $0.loadUnaligned(fromByteOffset: at, as: Int32.self),
                    $0.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self),
                    Int($0.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))
                )
            }
            let start = at + header
            let end = min(count, start + length)
            let name = start < end ? Array(buffer[start..<end].prefix { $0 != 0 }) : []
            events.append(Event(watch: watch, mask: mask, name: name))
            at = start + length
        }
        return events
    }

    /// A visible file with a photo's extension (`PhotoLibrary.extensions`).
    static func isPhotoName(_ name: String) -> Bool {
        !name.hasPrefix(".") && FileNames.splitExtension(name).map { PhotoLibrary.extensions.contains($0.type) } == true
    }

    /// Seconds until the loop should look again (0: a scan is ready to take), nil when nothing
    /// changed. `quiet` and `maxDelay` are the config's batching, which the watcher then uses.
    package func secondsUntilDue(quiet: Double, maxDelay: Double) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        self.quiet = quiet
        self.maxDelay = maxDelay
        if ready != nil { return 0 }
        guard let wait = secondsUntilScan() else { return scanning ? Self.scanCheck : nil }
        // Due but not scanned yet: the watcher wakes the loop when its scan is ready.
        return wait > 0 ? wait : Self.scanCheck
    }

    /// How long the loop sleeps while a due scan is being made (it is woken when it is ready).
    static let scanCheck = 0.05

    /// The scan made since the last call, if any: the loop takes it in (`Simulation.rescanPhotos`).
    package func takeScan() -> PhotoLibrary? {
        lock.lock()
        defer { lock.unlock() }
        let scan = ready
        ready = nil
        return scan
    }

    /// Forgets the changes seen so far and any scan not taken.
    func clear() {
        lock.lock()
        firstChange = nil
        ready = nil
        lock.unlock()
    }
}
