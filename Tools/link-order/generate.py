#!/usr/bin/env python3
"""Writes the order in which the linker lays out the functions of Tessera's release builds.

An animated frame in a window runs a few hundred of the binary's functions, about 220 KB of code, and
on a machine that sleeps 16 ms between frames it finds them cold each time. Linked in the order they
come in the binary's source files, the bench's picker frame's lie on 164 pages spread over 1.8 MB of
text; listed here, `ld.lld --symbol-ordering-file` puts them side by side, on 65 pages (BENCHMARKS.md,
"Where the frame's code lies").

Which functions: each workload below runs in a real window (a private Xvfb, the software renderer,
60 steps a second) under callgrind twice, for FRAMES and 2 × FRAMES steps; a function whose own
instruction count grows between the two runs runs in the animated frames, not only at start-up. The
order: the picker's frame first (a tap flying a photo, the animation every kiosk shows and the one the
bench measures), by instructions a frame, then what each other scene's frame adds, in turn. Laid out
so, the picker's frame runs code on 68 pages and each other scene's on 77 to 84 (162 to 174 before);
the functions every scene runs taken first, then each scene's own, would leave the picker's on 95 and
the others' barely fewer. Two runs of this script list a few functions more or less (a gesture's
frames fall differently under callgrind); the bulk is the same.

    make link-order        # builds the release binary and rewrites Tools/link-order/tessera.order

Needs valgrind, Xvfb and strip (Debian: valgrind, xvfb, binutils). Names are the compiler's mangled
ones; a function renamed or gone since is skipped by the linker, so a stale list loses only what
changed.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

FRAMES = 300
WINDOW = "1024x768"


def repeated(period, until, make):
    """Steps from `make(t)` every `period` seconds up to `until`."""
    steps, t = [], 0.2
    while t < until:
        steps.extend(make(round(t, 2)))
        t += period
    return steps


def workloads(seconds):
    """The animations a kiosk runs most: each scene's own gesture, repeated for the whole run."""

    def drag(start, end, duration):
        return lambda t: [{"at": t, "drag": {"from": start, "to": end, "seconds": duration, "touch": True}}]

    def back_and_forth(start, end, duration):
        # Scripts list their steps in time order: there and, 0.4 s later, back.
        there = repeated(0.8, seconds, drag(start, end, duration))
        back = repeated(0.8, seconds, lambda t: drag(end, start, duration)(round(t + 0.4, 2)))
        return sorted(there + back, key=lambda step: step["at"])

    return {
        # The bench's animated picker: one photo flown to the dock and back every 120 ms.
        "picker": repeated(0.12, seconds, lambda t: [{"at": t, "tap": "photo-03"}]),
        # Flings up and down the masonry.
        "waterfall": back_and_forth([512, 600], [512, 200], 0.15),
        # Rows scrolled sideways, snapping.
        "gallery": back_and_forth([800, 300], [300, 300], 0.2),
        # The list scrolled up and down.
        "destinations": back_and_forth([512, 600], [512, 200], 0.2),
    }


def free_display():
    for n in range(90, 200):
        if not os.path.exists(f"/tmp/.X11-unix/X{n}") and not os.path.exists(f"/tmp/.X{n}-lock"):
            return f":{n}"
    sys.exit("generate.py: no free X display number")


def own_instructions(out_file, binary):
    """Each function of `binary`'s own instruction count in a callgrind output file."""
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", "--show-percs=no", out_file],
        capture_output=True, text=True, check=True,
    ).stdout
    counts = {}
    name = os.path.basename(binary)
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\S*?:(\S+)\s+\[(.*)\]", line)
        if m and os.path.basename(m.group(3)) == name:
            counts[m.group(2)] = counts.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return counts


def per_frame(binary, scene, steps, display, root):
    """Instructions a frame by function, on the thread that runs the frames (the decoders' threads,
    which callgrind slows past the runs' ends, are left out): the run of 2 × FRAMES steps less the run
    of FRAMES. A first run, not counted, leaves the photos' thumbnails in the cache both start from."""
    runs = []
    with tempfile.TemporaryDirectory() as scratch:
        script = os.path.join(scratch, "script.json")
        with open(script, "w") as f:
            json.dump({"scene": scene, "steps": steps}, f)
        env = dict(os.environ, DISPLAY=display, TESSERA_HOME=root, XDG_CACHE_HOME=os.path.join(scratch, "cache"))
        arguments = [binary, "--window", WINDOW, "--renderer", "software", "--hz", "60", "--script", script]
        for frames in (None, FRAMES, 2 * FRAMES):
            out = os.path.join(scratch, f"callgrind.{frames}")
            tool = [] if frames is None else ["valgrind", "--tool=callgrind", "--separate-threads=yes",
                                              f"--callgrind-out-file={out}"]
            run = subprocess.run(
                tool + arguments + ["--frames", str(frames or FRAMES)],
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            )
            if run.returncode != 0:
                said = [line for line in run.stderr.splitlines() if not line.startswith("==")]
                sys.exit(f"generate.py: {scene} under callgrind exited {run.returncode}: {' '.join(said[-3:])}")
            if frames is not None:
                # Thread 1 is the main thread.
                runs.append(own_instructions(out + "-01", binary))
    short, long = runs
    return {k: (long.get(k, 0) - short.get(k, 0)) / FRAMES for k in long if long.get(k, 0) > short.get(k, 0)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", help="the release build of tessera (.build/release/tessera)")
    parser.add_argument("out", help="the order file to write (Tools/link-order/tessera.order)")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    # Valgrind cannot read the DWARF 5 of Swift's release builds: a copy without it keeps the symbols.
    copy = tempfile.TemporaryDirectory()
    binary = os.path.join(copy.name, "tessera")
    subprocess.run(["strip", "--strip-debug", "-o", binary, args.binary], check=True)
    display = free_display()
    server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        frames = {}
        # Gestures until two seconds past the longer run's last step, so none of its frames is still.
        for scene, steps in workloads(2 * FRAMES / 60 + 2).items():
            frames[scene] = per_frame(binary, scene, steps, display, root)
            print(f"{scene}: {len(frames[scene])} functions a frame", file=sys.stderr)
    finally:
        server.terminate()
        server.wait()
        copy.cleanup()
    order, listed = [], set()
    for counts in frames.values():
        for name in sorted(counts, key=lambda name: (-counts[name], name)):
            if name not in listed:
                listed.add(name)
                order.append(name)
    with open(args.out, "w") as f:
        f.write("# The functions Tessera's animated frames run, in the order the linker lays them out:\n")
        f.write("# written by Tools/link-order/generate.py (`make link-order`); see its comment.\n")
        f.write("\n".join(order) + "\n")
    print(f"{args.out}: {len(order)} functions", file=sys.stderr)


if __name__ == "__main__":
    main()
