#!/usr/bin/env python3
"""Which allocation sites hold more at the end of a heaptrack run than earlier on.

    Tools/soak/heaptrack-growth.py RUN.zst FROM TO FROM2 TO2 [--top N]

Reads heaptrack's own file (what `soak-live.py --heaptrack` writes) and, for every allocation site
(a size and a stack), the bytes it holds live at each minute of the run. Its hold over a window is the
least of those minutes — what it kept through the window, not what a burst held for a moment — and the
report lists the sites whose hold grew most from the first window (minutes FROM..TO) to the second,
each with its stack, innermost first. heaptrack_gui's diff and `heaptrack_print --diff` compare two
runs; this compares two stretches of one.

The file's lines (heaptrack's interpret step writes them, numbers in hex): `s` a string, `i` an
instruction pointer with its module and function string, `t` a stack frame and its parent, `a` an
allocation site (size, stack), `+` and `-` an allocation and a free of a site, `c` a timestamp in
milliseconds.
"""

import argparse
import collections
import subprocess


def read(path):
    """The run's sites, stacks and strings, and each site's live count at every minute."""
    strings, ips, traces, sites = [None], [None], [None], [None]
    live, minutes = [], []
    next_minute = 0.0
    with subprocess.Popen(["zstdcat", path], stdout=subprocess.PIPE, text=True, errors="replace") as unpack:
        for line in unpack.stdout:
            kind = line[0]
            if kind == "+":
                live[int(line[2:], 16)] += 1
            elif kind == "-":
                live[int(line[2:], 16)] -= 1
            elif kind == "c":
                minute = int(line[2:], 16) / 60000.0
                if minute >= next_minute:
                    minutes.append((minute, live[:]))
                    next_minute += 1.0
            elif kind == "a":
                size, trace = (int(x, 16) for x in line[2:].split())
                sites.append((size, trace))
                live.append(0)
            elif kind == "s":
                strings.append(line[2:].rstrip("\n").partition(" ")[2])
            elif kind == "i":
                ips.append([int(x, 16) for x in line[2:].split()])
            elif kind == "t":
                traces.append(tuple(int(x, 16) for x in line[2:].split()))
    return strings, ips, traces, sites, minutes


def held(window, sites, minutes):
    """Each site's least live bytes over the minutes inside `window`."""
    least = None
    for minute, counts in minutes:
        if window[0] <= minute <= window[1]:
            # Sites first seen later held nothing then.
            now = [count * sites[i + 1][0] for i, count in enumerate(counts)] + [0] * (len(sites) - 1 - len(counts))
            least = now if least is None else [min(a, b) for a, b in zip(least, now)]
    if least is None:
        raise SystemExit(f"heaptrack-growth: no minute of the run lies in {window[0]}..{window[1]}")
    return least


def stack(trace, strings, ips, traces, depth=14):
    frames = []
    while trace and len(frames) < depth:
        ip, parent = traces[trace]
        parts = ips[ip]
        frames.append(strings[parts[2]][:140] if len(parts) > 2 else hex(parts[0]))
        trace = parent
    return frames


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("run")
    parser.add_argument("bounds", nargs=4, type=float, metavar="MINUTE")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    strings, ips, traces, sites, minutes = read(args.run)
    first = held(args.bounds[0:2], sites, minutes)
    second = held(args.bounds[2:4], sites, minutes)
    growth = collections.Counter({i: b - a for i, (a, b) in enumerate(zip(first, second)) if b != a})
    print(f"held: {sum(first) / 1e6:.2f} MB in minutes {args.bounds[0]:g}-{args.bounds[1]:g}, "
          f"{sum(second) / 1e6:.2f} MB in {args.bounds[2]:g}-{args.bounds[3]:g} "
          f"({len(minutes)} minutes, {len(sites) - 1} sites)")
    for i, grew in growth.most_common(args.top):
        size, trace = sites[i + 1]
        print(f"\n{grew:+,} B: {first[i] // size} -> {second[i] // size} blocks of {size:,} B")
        for frame in stack(trace, strings, ips, traces):
            print("    " + frame)


if __name__ == "__main__":
    main()
