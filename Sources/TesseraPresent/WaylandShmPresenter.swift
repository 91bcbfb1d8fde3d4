import CWayland
import Foundation
import TesseraRaster

/// Wayland without a GPU: frames are drawn into a canvas in memory (`canvas`), and each present
/// copies what changed into a `wl_shm` buffer that is attached to SDL's window surface, damaged and
/// committed — the compositor reads the pixels where they are (wl_shm, the core protocol's software
/// path). SDL 2 has no software framebuffer on Wayland: its own fallback draws the whole surface again
/// through OpenGL (on Mesa's llvmpipe when there is no GPU) at every present, and at the window's size
/// in points, so a scaled output shows it blurred.
///
/// Buffers: the compositor holds a committed buffer until it sends `release`, so frames rotate through
/// up to three. A buffer that comes back holds an older frame: the present copies the damage of every
/// frame since (a buffer's age, as EGL_EXT_buffer_age has it), or the whole frame when that is not
/// known. Events for these buffers go to a queue of this presenter's own, dispatched at each present,
/// so SDL's event handling never sees them.
///
/// The canvas is at least the display's size, so a window resized within it keeps what draws into it
/// (SDL's renderer and its textures); only a window growing past it makes a new one. It is this
/// process's memory, zeroed, as SDL made a new surface's (its rows need not start on cache lines: only
/// the copy at a present reads it).
package final class WaylandShmPresenter: PixelPresenter {
    private let display: OpaquePointer
    private let surface: OpaquePointer
    private let queue: OpaquePointer
    private let registry: OpaquePointer
    private var shm: OpaquePointer?
    package private(set) var canvas: PixelCanvas
    private var buffers: [ShmBuffer] = []
    /// Frames presented so far; a buffer holds the frame with its number.
    private var frame = 0
    /// The damage of the most recent frames, newest last (nil: the whole frame).
    private var history: [[PixelRect]?] = []
    /// What the buffer being filled lacks (reused from frame to frame).
    private var toCopy: [PixelRect] = []
    /// Past this many rectangles, a buffer several frames old is sent their bounding box instead.
    private static let maxRects = 8
    private static let maxBuffers = 3
    private static let historyLength = 8

    package var name: String { "software (wl_shm)" }

    /// Nil when the compositor offers no `wl_shm` (or memory for a canvas of `canvasSize` cannot be had).
    /// `display` and `surface` are the window's (SDL's), whose events this presenter never reads.
    package init?(display: OpaquePointer, surface: OpaquePointer, canvasSize size: PixelSize) {
        guard let queue = wl_display_create_queue(display) else { return nil }
        self.display = display
        self.surface = surface
        self.queue = queue
        // The registry on this presenter's queue: its globals are announced there.
        let wrapped = OpaquePointer(wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)))
        wl_proxy_set_queue(wrapped, queue)
        guard let registry = wl_display_get_registry(wrapped) else {
            wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(wrapped))
            wl_event_queue_destroy(queue)
            return nil
        }
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(wrapped))
        self.registry = registry
        guard let canvas = Self.makeCanvas(size) else {
            wl_registry_destroy(registry)
            wl_event_queue_destroy(queue)
            return nil
        }
        self.canvas = canvas
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip_queue(display, queue)
        guard shm != nil else {
            destroy()
            return nil
        }
    }

    deinit { destroy() }

    package func fit(window size: PixelSize, canvas: () -> PixelSize, switching: (PixelCanvas) -> Bool) -> Bool {
        // Buffers of the old size are dropped once free; busy ones when they come back.
        buffers.removeAll { buffer in
            guard buffer.width != size.width || buffer.height != size.height, !buffer.busy else { return false }
            buffer.destroy()
            return true
        }
        history.removeAll()
        guard size.width > self.canvas.width || size.height > self.canvas.height else { return false }
        guard let made = Self.makeCanvas(canvas()) else { return false }
        guard switching(made) else {
            free(made.pixels)
            return false
        }
        free(self.canvas.pixels)
        self.canvas = made
        return true
    }

    package func prepareToDraw() {}

    /// The window is `size` pixels (its buffers' size).
    package func present(damage: [PixelRect]?, window size: PixelSize) {
        frame += 1
        history.append(damage)
        if history.count > Self.historyLength { history.removeFirst() }
        wl_display_dispatch_queue_pending(display, queue)
        guard let buffer = freeBuffer(size) else { return }
        collectRegionToCopy(into: buffer, size: size)
        for region in toCopy { copy(region, into: buffer) }
        buffer.frame = frame
        buffer.busy = true
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        if wl_proxy_get_version(surface) >= 4 {
            for region in toCopy {
                wl_surface_damage_buffer(
                    surface, Int32(region.x0), Int32(region.y0), Int32(region.width), Int32(region.height))
            }
        } else {
            // Before wl_surface 4 damage is in surface coordinates: all of it is simplest and right.
            wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        }
        wl_surface_commit(surface)
        wl_display_flush(display)
    }

    /// Fills `toCopy` with what `buffer` lacks of the current frame: the damage of every frame since
    /// the one it holds (their bounding box when that is many rectangles; everything for a new buffer).
    private func collectRegionToCopy(into buffer: ShmBuffer, size: PixelSize) {
        let whole = PixelRect(x0: 0, y0: 0, x1: size.width, y1: size.height)
        toCopy.removeAll(keepingCapacity: true)
        let age = frame - buffer.frame
        guard buffer.frame > 0, age <= history.count else { return toCopy.append(whole) }
        for damage in history.suffix(age) {
            guard let damage else {
                toCopy.removeAll(keepingCapacity: true)
                return toCopy.append(whole)
            }
            for part in damage { toCopy.append(part.intersection(whole)) }
        }
        if toCopy.count > Self.maxRects, var union = toCopy.first {
            for part in toCopy.dropFirst() { union = union.union(part) }
            toCopy.removeAll(keepingCapacity: true)
            toCopy.append(union)
        }
    }

    /// A buffer of `size` the compositor is not reading, made if there are fewer than three; nil when
    /// all are held (the frame is dropped; its damage is copied with the next).
    private func freeBuffer(_ size: PixelSize) -> ShmBuffer? {
        if let free = buffers.first(where: { !$0.busy && $0.width == size.width && $0.height == size.height }) {
            return free
        }
        buffers.removeAll { buffer in
            guard !buffer.busy, buffer.width != size.width || buffer.height != size.height else { return false }
            buffer.destroy()
            return true
        }
        if buffers.count < Self.maxBuffers, let shm,
            let made = ShmBuffer(shm: shm, width: size.width, height: size.height)
        {
            buffers.append(made)
            return made
        }
        // Every buffer is on screen or queued: ask the compositor what it has let go of.
        wl_display_roundtrip_queue(display, queue)
        return buffers.first { !$0.busy && $0.width == size.width && $0.height == size.height }
    }

    /// Copies `region` of the canvas (what was drawn, all of it in memory) into the buffer, row by row.
    private func copy(_ region: PixelRect, into buffer: ShmBuffer) {
        guard !region.isEmpty else { return }
        let pixels = canvas.pixels
        let sourcePitch = canvas.pitch
        let x0 = min(region.x0, canvas.width)
        let x1 = min(region.x1, canvas.width, buffer.width)
        let y1 = min(region.y1, canvas.height, buffer.height)
        guard x1 > x0 else { return }
        for y in region.y0..<y1 {
            memcpy(
                buffer.pixels + y * buffer.stride + x0 * 4, pixels + y * sourcePitch + x0 * 4, (x1 - x0) * 4)
        }
    }

    private var released = false

    /// Frees the canvas, the buffers and this presenter's queue (the window's display and surface are
    /// SDL's).
    package func destroy() {
        guard !released else { return }
        released = true
        free(canvas.pixels)
        for buffer in buffers { buffer.destroy() }
        buffers.removeAll()
        if let shm { wl_shm_destroy(shm) }
        shm = nil
        wl_registry_destroy(registry)
        wl_event_queue_destroy(queue)
    }

    /// A zeroed canvas of `size`, rows `width * 4` bytes apart, starting on a cache line as SDL aligns a
    /// new surface (to 64 bytes with AVX-512): the fills' streaming stores need whole aligned lines
    /// (`SolidFill`). Nil when a side is not positive or the memory cannot be had.
    private static func makeCanvas(_ size: PixelSize) -> PixelCanvas? {
        var pixels: UnsafeMutableRawPointer?
        guard size.width > 0, size.height > 0, size.width <= Int(Int32.max) / 4,
            case (let bytes, let overflow) = (size.width * 4).multipliedReportingOverflow(by: size.height), !overflow,
            posix_memalign(&pixels, 64, bytes) == 0, let pixels
        else { return nil }
        memset(pixels, 0, bytes)
        return PixelCanvas(pixels: pixels, width: size.width, height: size.height, pitch: size.width * 4)
    }

    /// Binds `wl_shm` when the registry announces it. Made once and never written again (libwayland
    /// only reads a listener), hence unchecked.
    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_registry_listener(
                global: { data, registry, name, interface, _ in
                    guard let data, let registry, let interface, String(cString: interface) == "wl_shm" else {
                        return
                    }
                    let presenter = Unmanaged<WaylandShmPresenter>.fromOpaque(data).takeUnretainedValue()
                    if presenter.shm == nil { presenter.shm = tessera_bind_shm(registry, name) }
                },
                global_remove: { _, _, _ in }))
        return listener
    }()
}

/// One `wl_shm` buffer: `width`×`height` XRGB8888 pixels (SDL's ARGB8888 in memory, alpha ignored) in a
/// memfd of its own, mapped here and in the compositor.
final class ShmBuffer {
    let width: Int
    let height: Int
    let stride: Int
    let pixels: UnsafeMutableRawPointer
    fileprivate let buffer: OpaquePointer
    private let pool: OpaquePointer
    private let fd: Int32
    private let bytes: Int
    /// Attached and not yet released by the compositor.
    var busy = false
    /// The number of the frame it holds (0: nothing yet).
    var frame = 0

    init?(shm: OpaquePointer, width: Int, height: Int) {
        stride = width * 4
        bytes = stride * height
        fd = tessera_memfd("tessera-frame")
        guard fd >= 0 else { return nil }
        guard ftruncate(fd, off_t(bytes)) == 0,
            let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED
        else {
            close(fd)
            return nil
        }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(bytes)),
            let buffer = wl_shm_pool_create_buffer(
                pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_XRGB8888.rawValue)
        else {
            munmap(mapped, bytes)
            close(fd)
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = mapped
        self.pool = pool
        self.buffer = buffer
        wl_buffer_add_listener(buffer, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    private var destroyed = false

    func destroy() {
        guard !destroyed else { return }
        destroyed = true
        wl_buffer_destroy(buffer)
        wl_shm_pool_destroy(pool)
        munmap(pixels, bytes)
        close(fd)
    }

    deinit { destroy() }

    /// `release`: the compositor is done reading the buffer. Made once and only read (by libwayland).
    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_buffer_listener(release: { data, _ in
                guard let data else { return }
                Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue().busy = false
            }))
        return listener
    }()
}
