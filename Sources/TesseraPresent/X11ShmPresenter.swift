import CX11
import Glibc
import TesseraRaster

/// X11 without a GPU: frames are drawn straight into an MIT-SHM image of this presenter's own (its
/// `canvas`), and a present asks the X server to copy the damaged rectangles into the window
/// (`XShmPutImage`) without waiting for it to finish.
///
/// SDL's own window surface is the same shared memory, but it ends every present with `XSync`: the
/// frame waits out a round trip until the server has copied the damage into the screen. The wait
/// matters only before the image is written again, so it moves there (`prepareToDraw`): the last
/// rectangle of each present asks for a `ShmCompletion` event, which by the next frame has nearly always
/// arrived, and the server's copy runs on the other core while the next frame is made (what that saves:
/// BENCHMARKS.md, "Presenting without a round trip").
///
/// The image lives on a second connection to the same server, so its completion events come to this
/// presenter and never to SDL's event loop. Its frames go out through XCB, which that Xlib connection
/// is built on, and XCB holds its events: Xlib's `XFlush` reads the socket after every write (two
/// `recvmsg` that mostly find nothing) and its `XPending` twice more, where `xcb_flush` only writes and
/// `xcb_poll_for_event` reads once: four to six system calls for the present and its completion become
/// three (BENCHMARKS.md, "System calls a frame"). Errors the server sends about a put come as events
/// and are dropped: a frame lost, never a program ended by Xlib's default handler.
///
/// The image is the screen's size (or the window's, if larger), so a window resized within it keeps
/// what draws into it (SDL's renderer and its textures), as on Wayland (`WaylandShmPresenter`). Only a
/// window whose pixels are SDL's ARGB8888 in memory — depth 24, red, green and blue in bytes 2, 1 and 0 of a 32-bit pixel,
/// least significant byte first: every X server on a PC — uses it;
/// elsewhere, or where the server cannot attach the memory (a display over the network), SDL's window
/// surface does (`WindowSurfacePresenter` in TesseraSDL).
package final class X11ShmPresenter: PixelPresenter {
    /// This presenter's own connection (an Xlib `Display *`), and the XCB connection under it.
    private let display: OpaquePointer
    private let connection: OpaquePointer
    private let drawable: Window
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    /// The screen's size in pixels: the least the image is made.
    package let screenSize: PixelSize
    private var image: SharedImage
    /// The event type of `ShmCompletion` on this connection.
    private let completionType: Int32
    /// The sequence number of the last present's last put, while its completion has not been read.
    private var awaitedSequence: UInt32?

    package var name: String { "software (MIT-SHM)" }
    package var canvas: PixelCanvas { image.canvas }

    /// How long a draw waits for the server's word that it has read the image before drawing anyway.
    private static let completionTimeoutMs: Int32 = 100

    /// Nil when `window` (on the server `displayName` names) is not a window there, its visual is not
    /// ARGB8888-compatible, or the server offers no MIT-SHM it can attach.
    package init?(displayName: UnsafePointer<CChar>, window: Window) {
        guard let display = XOpenDisplay(displayName) else { return nil }
        // Before any event is read: from here on this connection's events are XCB's to hand out.
        XSetEventQueueOwner(display, XCBOwnsEventQueue)
        var attributes = XWindowAttributes()
        guard XShmQueryExtension(display) != 0, XGetWindowAttributes(display, window, &attributes) != 0,
            let visual = attributes.visual, Self.isARGB8888(visual: visual.pointee, depth: attributes.depth),
            let gc = XCreateGC(display, window, 0, nil)
        else {
            XCloseDisplay(display)
            return nil
        }
        self.display = display
        connection = XGetXCBConnection(display)
        self.visual = visual
        drawable = window
        self.gc = gc
        screenSize = PixelSize(
            width: Int(XWidthOfScreen(attributes.screen)), height: Int(XHeightOfScreen(attributes.screen)))
        completionType = XShmGetEventBase(display) + ShmCompletion
        let size = Self.imageSize(
            screen: screenSize, window: PixelSize(width: Int(attributes.width), height: Int(attributes.height)))
        guard let image = SharedImage(display: display, visual: visual, width: size.width, height: size.height) else {
            XFreeGC(display, gc)
            XCloseDisplay(display)
            return nil
        }
        self.image = image
    }

    /// The image for a window of `window` pixels: the screen's size, or the window's where larger.
    package func canvasSize(forWindow window: PixelSize) -> PixelSize {
        Self.imageSize(screen: screenSize, window: window)
    }

    package func fit(window: PixelSize, canvas: () -> PixelSize, switching: (PixelCanvas) -> Bool) -> Bool {
        guard window.width > image.width || window.height > image.height else { return false }
        let grown = canvas()
        guard let made = SharedImage(display: display, visual: visual, width: grown.width, height: grown.height)
        else { return false }
        guard switching(made.canvas) else {
            made.destroy(display: display)
            return false
        }
        // The server may still be reading the old image.
        prepareToDraw()
        image.destroy(display: display)
        image = made
        return true
    }

    /// Waits until the server has read the image sent by the last present (it copies a put when it
    /// comes to it, while this program goes on), so that drawing does not change pixels on their way
    /// to the screen.
    package func prepareToDraw() {
        guard let awaited = awaitedSequence else { return }
        awaitedSequence = nil
        var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        while true {
            // Reads what the socket has without blocking. A completion that came after an earlier wait
            // gave up is older than the one awaited (sequence numbers wrap at 2³²).
            while let event = xcb_poll_for_event(connection) {
                let isAwaited =
                    Int32(event.pointee.response_type & 0x7F) == completionType
                    && Int32(bitPattern: event.pointee.full_sequence &- awaited) >= 0
                free(event)
                if isAwaited { return }
            }
            // A connection the server closed answers nothing more.
            guard xcb_connection_has_error(connection) == 0 else { return }
            let ready = poll(&fd, 1, Self.completionTimeoutMs)
            if ready < 0, errno == EINTR { continue }
            // Nothing within the time (a server that lost it): draw; at worst a frame tears.
            guard ready > 0 else { return }
        }
    }

    package func present(damage: [PixelRect]?, window size: PixelSize) {
        let whole = PixelRect(x0: 0, y0: 0, x1: min(size.width, image.width), y1: min(size.height, image.height))
        let parts = damage ?? [whole]
        guard let last = parts.lastIndex(where: { !$0.intersection(whole).isEmpty }) else { return }
        let context = UInt32(truncatingIfNeeded: XGContextFromGC(gc))
        for index in 0...last {
            let part = parts[index].intersection(whole)
            guard !part.isEmpty else { continue }
            let put = xcb_shm_put_image(
                connection, UInt32(truncatingIfNeeded: drawable), context, UInt16(image.width),
                UInt16(image.height), UInt16(part.x0), UInt16(part.y0), UInt16(part.width), UInt16(part.height),
                Int16(part.x0), Int16(part.y0), 24, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), index == last ? 1 : 0,
                image.segmentID, 0)
            if index == last { awaitedSequence = put.sequence }
        }
        xcb_flush(connection)
    }

    package func destroy() {
        prepareToDraw()
        image.destroy(display: display)
        XFreeGC(display, gc)
        XCloseDisplay(display)
    }

    /// True when pixels of `visual` at `depth` are SDL's ARGB8888 as laid out in this machine's memory.
    /// SDL gives its windows a DirectColor visual where the server has one (for gamma ramps) and
    /// loads its colormap with the identity, so DirectColor counts as TrueColor does; the byte order and
    /// bits a pixel are the image's, checked when it is made.
    package static func isARGB8888(visual: Visual, depth: Int32) -> Bool {
        depth == 24 && [TrueColor, DirectColor].contains(visual.`class`) && visual.red_mask == 0xFF_0000
            && visual.green_mask == 0xFF00 && visual.blue_mask == 0xFF
    }

    /// The image for a window of `window` pixels on a screen of `screen`: the larger of each.
    package static func imageSize(screen: PixelSize, window: PixelSize) -> PixelSize {
        PixelSize(width: max(1, screen.width, window.width), height: max(1, screen.height, window.height))
    }
}

/// An MIT-SHM `XImage` and a canvas over the same pixels. The segment is marked for removal as
/// soon as the server has attached it, so it goes away with the last process holding it, even one that
/// crashed.
private final class SharedImage {
    let image: UnsafeMutablePointer<XImage>
    let canvas: PixelCanvas
    /// Where the image points (`XShmCreateImage` keeps its address), so it lives as long as the image.
    private let segment: UnsafeMutablePointer<XShmSegmentInfo>
    var width: Int { Int(image.pointee.width) }
    /// The segment's id on the server, for puts through XCB.
    var segmentID: UInt32 { UInt32(truncatingIfNeeded: segment.pointee.shmseg) }
    var height: Int { Int(image.pointee.height) }

    init?(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, width: Int, height: Int) {
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        guard let image = XShmCreateImage(display, visual, 24, ZPixmap, nil, segment, UInt32(width), UInt32(height))
        else {
            segment.deallocate()
            return nil
        }
        let pitch = Int(image.pointee.bytes_per_line)
        func release() {
            image.pointee.data = nil
            tessera_destroy_image(image)
            segment.deallocate()
        }
        guard image.pointee.bits_per_pixel == 32, image.pointee.byte_order == LSBFirst,
            case let id = tessera_shm_create(pitch * height), id >= 0
        else {
            release()
            return nil
        }
        segment.pointee.shmid = id
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            release()
            return nil
        }
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        let attached = SharedImage.attach(segment, display: display)
        shmctl(id, IPC_RMID, nil)
        guard attached else {
            if attached {
                XShmDetach(display, segment)
                XSync(display, 0)
            }
            shmdt(address)
            release()
            return nil
        }
        self.image = image
        self.segment = segment
        canvas = PixelCanvas(pixels: address, width: width, height: height, pitch: pitch)
    }

    /// Detaches the segment from the server and this process and frees the image.
    func destroy(display: OpaquePointer) {
        XShmDetach(display, segment)
        XSync(display, 0)
        shmdt(segment.pointee.shmaddr)
        // The pixels were the segment's, not Xlib's to free.
        image.pointee.data = nil
        tessera_destroy_image(image)
        segment.deallocate()
    }

    /// `XShmAttach`, waited for: a server that cannot map the segment (another machine's) answers with
    /// an error, caught here rather than by Xlib's default handler, which would end the program.
    private static func attach(_ segment: UnsafeMutablePointer<XShmSegmentInfo>, display: OpaquePointer) -> Bool {
        AttachError.seen = false
        let previous = XSetErrorHandler { _, _ in
            AttachError.seen = true
            return 0
        }
        let sent = XShmAttach(display, segment) != 0
        XSync(display, 0)
        XSetErrorHandler(previous)
        return sent && !AttachError.seen
    }
}

/// Set by the error handler `SharedImage.attach` installs for the length of one round trip, on the
/// main thread (Xlib calls the handler on the thread that reads the error).
private enum AttachError {
    nonisolated(unsafe) static var seen = false
}
