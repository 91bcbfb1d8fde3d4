#!/usr/bin/env python3
"""Runs picker.slint with the photos of a folder and toggles photo 3 between grid and dock every
120 ms, as Tools/qt-picker/picker.qml does, for tessera-bench's Slint reference (BENCHMARKS.md, "The
Slint reference"). Run with Slint's software renderer in an X display:

    SLINT_BACKEND=winit-software python3 picker.py --photos DIR --size 1024x768 [--seconds 6]
        [--settle 2] [--no-toggles] [--no-count]

It quits after `seconds` and prints `frames N` on stderr, and `settled frames N` at `settle`: N is the
frames presented since the window was mapped. Slint keeps its own pace, as a Slint app does: 1.18 draws
an animation at about 60 frames a second on X11 (1.9 drew it as fast as the event loop turned).

Needs the Python packages slint, pillow and python-xlib: Tools/slint-picker/install.sh makes
.build/slint-venv with them (Slint 1.18.1b1, also on Python 3.11).

How frames are counted: Slint's Python API reports no presented frame (no rendering notifier), and
SLINT_DEBUG_PERFORMANCE=refresh_lazy,console prints, with the software renderer, an "average frames per
second" of 13,000 to 23,000 while the window presents under a thousand: not a count of presents. So a
second process, forked before Slint starts, counts them at the X server: it asks the DAMAGE extension
(X Damage Extension protocol, "DamageReportNonEmpty") to report when the window's damage goes from
empty to not empty, and empties it again at each report. Slint's winit software renderer presents a
frame through softbuffer as shared-memory image puts sent together, which the server handles back to
back, so each frame refills the emptied damage once: one report a frame. check-count.py, beside this
file, checks that against the server's own record of the puts (a frame's puts, one with 1.9 and two or
three with 1.18, as one present: as many presents as reports at 60 frames a second). The counter is its
own process, so its CPU is not Slint's; but the X server works for it too (a DamageNotify event and a DamageSubtract request a frame:
0.04–0.06 ms of the server's CPU a frame), so the bench reads the X server over a run with
`--no-count`, which starts no counter and prints 0 for N, and takes the frames from a counted run.

Photos are decoded as Qt Quick's reference decodes them (`sourceSize: 256×256` with aspect crop): JPEG
DCT-scaled (Pillow's `draft`, libjpeg's scale_denom) and scaled to cover 256×256 pixels, as Tessera's
thumbnails are, then handed to Slint as lossless PNGs. All of that before the window shows, so none of
it is in the measured window (from `settle` to the end). Slint has no decode size of its own (Qt's
sourceSize): handed the 4000×3000 JPEGs whole, it would scale 12-megapixel images every frame, and
Slint 1.9.2a1's software renderer panicked drawing them (draw_functions.rs:197, "range end index …
out of range for slice").
"""

import argparse
import mmap
import os
import select
import struct
import sys
import tempfile
import time

# Where the counter process keeps its count: 8 bytes of frames, then 8 of "window found".
_COUNT = struct.Struct("<qq")


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--photos", required=True, help="folder of photo-01.jpg … photo-24.jpg")
    parser.add_argument("--size", default="1024x768", help="window size, WIDTHxHEIGHT")
    parser.add_argument("--seconds", type=float, default=6, help="seconds before it quits")
    parser.add_argument("--settle", type=float, default=2, help="seconds before `settled frames`")
    parser.add_argument("--no-toggles", dest="toggles", action="store_false", help="leave photo 3 still")
    parser.add_argument("--count", type=int, default=24, help="photos shown")
    parser.add_argument(
        "--no-count", dest="counted", action="store_false", help="start no frame counter (N is then 0)"
    )
    return parser.parse_args()


def count_frames(title, shared, parent_pipe):
    """The counter process: finds the top-level window called `title`, then counts DAMAGE reports on
    it into `shared` until `parent_pipe` closes (the picker quit)."""
    from Xlib import X, display
    from Xlib.ext import damage

    connection = display.Display()
    if not connection.has_extension("DAMAGE"):
        sys.stderr.write("picker.py: the X server has no DAMAGE extension\n")
        os._exit(1)
    connection.damage_query_version()
    root = connection.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    connection.sync()
    # python-xlib loads its extension modules itself: their event classes are not the imported ones.
    damage_notify = connection.extension_event.DamageNotify
    window = None
    tracker = None
    frames = 0

    def named(candidate):
        try:
            return candidate.get_wm_name() == title
        except Exception:  # gone already
            return False

    def track(candidate):
        nonlocal window, tracker
        window = candidate
        tracker = window.damage_create(damage.DamageReportNonEmpty)
        _COUNT.pack_into(shared, 0, 0, 1)
        connection.flush()

    _COUNT.pack_into(shared, 0, 0, -1)  # armed: the picker may open its window now
    for child in root.query_tree().children:
        if named(child):
            track(child)
    while True:
        # Events python-xlib already read (during a round trip) wake no select: take those first.
        while connection.pending_events():
            event = connection.next_event()
            if window is None:
                if event.type in (X.CreateNotify, X.MapNotify):
                    if named(event.window):
                        track(event.window)
                    else:
                        # Its name may come after it was mapped (Slint names it "Slint Window" first):
                        # watch its properties, then look again in case it came meanwhile.
                        event.window.change_attributes(event_mask=X.PropertyChangeMask)
                        if named(event.window):
                            track(event.window)
                elif event.type == X.PropertyNotify and named(event.window):
                    track(event.window)
            elif event.type == damage_notify:
                frames += 1
                _COUNT.pack_into(shared, 0, frames, 1)
                # Empty the window's damage, so the next frame's puts report again.
                connection.damage_subtract(tracker, X.NONE, X.NONE)
                connection.flush()
        readable, _, _ = select.select([connection.fileno(), parent_pipe], [], [])
        if parent_pipe in readable and not os.read(parent_pipe, 64):
            os._exit(0)


def thumbnails(photos, count, folder):
    """Each photo scaled to cover 256×256 pixels as PNG in `folder`: the paths, in order."""
    from PIL import Image

    paths = []
    for index in range(count):
        source = os.path.join(photos, f"photo-{index + 1:02d}.jpg")
        with Image.open(source) as image:
            # libjpeg's DCT scaling to at least 256 on the short side, then a smooth scale to exactly
            # that (Qt's QImageReader::setScaledSize does the same for JPEG).
            image.draft("RGB", (256 * image.width // min(image.size), 256 * image.height // min(image.size)))
            scale = 256 / min(image.size)
            image = image.convert("RGB").resize(
                (round(image.width * scale), round(image.height * scale)), Image.Resampling.BILINEAR
            )
            path = os.path.join(folder, f"photo-{index + 1:02d}.png")
            image.save(path, compress_level=1)
            paths.append(path)
    return paths


def main():
    options = parse_arguments()
    width, height = (int(side) for side in options.size.split("x"))
    title = f"Slint picker {os.getpid()}"

    # The counter forks before Slint starts any thread.
    shared = mmap.mmap(-1, _COUNT.size)
    counter = writer = None
    if options.counted:
        reader, writer = os.pipe()
        counter = os.fork()
        if counter == 0:
            os.close(writer)
            count_frames(title, shared, reader)
        os.close(reader)
        while _COUNT.unpack_from(shared)[1] == 0:
            if os.waitpid(counter, os.WNOHANG)[0]:
                sys.exit("picker.py: the frame counter stopped (no X display, or no DAMAGE extension)")
            time.sleep(0.01)

    def frames():
        presented, found = _COUNT.unpack_from(shared)
        return presented if found == 1 else 0

    folder = tempfile.mkdtemp(prefix="slint-picker-")
    try:
        paths = thumbnails(options.photos, options.count, folder)

        import slint  # after the fork: the counter process never loads it
        from datetime import timedelta

        module = slint.load_file(os.path.join(os.path.dirname(os.path.abspath(__file__)), "picker.slint"))
        picker = module.Picker()
        picker.window_width = width
        picker.window_height = height
        picker.caption = title
        images = [slint.Image.load_from_path(path) for path in paths]

        # The same orders as picker.qml's `grid` and `dock`.
        grid = list(range(options.count))
        dock = []

        def place(photo):
            """Its places in the grid and the dock, -1 for the one it is not in."""
            return (grid.index(photo) if photo in grid else -1, dock.index(photo) if photo in dock else -1)

        def row(photo):
            return module.Photo(image=images[photo], grid=place(photo)[0], dock=place(photo)[1])

        model = slint.ListModel([row(photo) for photo in range(options.count)])
        picker.photos = model

        def toggle(photo):
            # picker.qml's `toggle`: selected it goes to the end of the dock, deselected to the end of
            # the grid; then each photo whose place changed is set again (and so animates).
            before = [place(p) for p in range(options.count)]
            if photo in grid:
                grid.remove(photo)
                dock.append(photo)
            else:
                dock.remove(photo)
                grid.append(photo)
            for p in range(options.count):
                if place(p) != before[p]:
                    model[p] = row(p)

        # Photo 3 toggles every 120 ms from 0.2 s until half a second before the end, as picker.qml's.
        started = time.monotonic()

        def tick():
            elapsed = time.monotonic() - started
            if 0.2 <= elapsed < options.seconds - 0.5:
                toggle(2)

        toggles = slint.Timer()
        if options.toggles:
            toggles.start(slint.TimerMode.Repeated, timedelta(milliseconds=120), tick)

        def settled():
            sys.stderr.write(f"settled frames {frames()}\n")
            sys.stderr.flush()

        def done():
            sys.stderr.write(f"frames {frames()}\n")
            sys.stderr.flush()
            toggles.stop()
            picker.hide()  # the last window: run() returns

        slint.Timer.single_shot(timedelta(seconds=options.settle), settled)
        slint.Timer.single_shot(timedelta(seconds=options.seconds), done)
        picker.run()
    finally:
        if counter is not None:
            os.close(writer)
            os.waitpid(counter, 0)
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)


if __name__ == "__main__":
    main()
