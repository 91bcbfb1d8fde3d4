#!/usr/bin/env python3
"""soak-live.py --hours H [--out DIR] [--binary PATH] [--sample SECONDS] [--driver wayland|x11] [--speed N]
                     [--heaptrack FILE]

A real-time soak of the kiosk (`make soak-live HOURS=N`; docs/PROFILING.md): Tessera runs as
`--kiosk` under cage on wlroots' headless backend (Tools/cage-session: no GPU, no screen), driven for H
hours (fractional for a smoke run) through its control socket (`--control`):

- a tap on a photo every 5 s, a scene switch every minute,
- a photo copied into (or removed from) its watched folder every 2 minutes,
- its config touched and SIGHUP sent every 5 minutes (a reload).

`--speed N` runs that schedule N times as fast (a tap every 5/N s, ...), to tell growth that follows
the work done from growth that follows the clock in a short run; the report says so.

`--heaptrack FILE` runs Tessera under heaptrack (its profile in FILE.zst, in a folder the session's
user can write to; `heaptrack_print --print-massif` gives the heap over time): it tells what the
program holds allocated from what glibc keeps around it.

Every minute (`--sample`) it samples Tessera's resident memory, open fds, threads and CPU (from
/proc/PID) into DIR/soak.csv: once right after the scene switch and its tap (the working set of a
transition), and its memory again half a minute later, just before a tap and 4.5 s after the last one,
when the window is at rest and has trimmed its heap (`HeapTrimSource`: what it keeps between uses), and at the end writes DIR/soak.svg (a plot drawn here, no matplotlib
needed) and DIR/soak.md: the growth per hour of each, from a least-squares line through the samples
after the first 10 minutes (warm-up: caches filling, thumbnails made). Exit status 0 when the run
lasted, 1 when Tessera died or the control socket stopped answering. Python 3's standard library only.
"""
import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WARM_UP = 600  # seconds left out of the fitted line
REST_RSS, REST_ANON = 9, 10  # the rest sample's columns in a row
COLUMNS = "sample,elapsed_s,rss_mb,fds,threads,cpu_percent,rss_anon_mb,rss_file_mb,rss_shmem_mb,rest_rss_mb,rest_anon_mb"
SCENES = ["picker", "waterfall", "gallery", "destinations"]
# RSS's parts in /proc/PID/status, as the report names them.
PARTS = {"RssAnon": "heap and other anonymous memory", "RssFile": "file-backed pages", "RssShmem": "shared memory"}


def ask(path, request, timeout=10):
    """One request on the control socket; the answer as a dict."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
        conn.settimeout(timeout)
        conn.connect(path)
        conn.sendall(json.dumps(request).encode() + b"\n")
        data = b""
        while not data.endswith(b"\n"):
            chunk = conn.recv(1 << 16)
            if not chunk:
                break
            data += chunk
    return json.loads(data)


def tessera_pid(binary):
    out = subprocess.run(["pgrep", "-f", "^" + binary], capture_output=True, text=True).stdout.split()
    return int(out[0]) if out else None


def sample(pid):
    """(rss MB, fds, threads, cpu seconds, {part: MB}) of pid: the parts are RSS's anonymous memory
    (the heap), its file-backed pages (code and fonts paged in) and its shared memory (wl_shm, MIT-SHM
    buffers), proc(5)."""
    rss = threads = 0
    parts = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
            elif line.startswith(("RssAnon:", "RssFile:", "RssShmem:")):
                parts[line.split(":")[0]] = int(line.split()[1]) / 1024
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return rss, fds, threads, cpu, parts


def fit(xs, ys):
    """Slope of the least-squares line through (xs, ys); 0 with fewer than two points."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else 0.0


def svg_plot(rows, path, title):
    """Three panels (RSS, fds, threads) against minutes, as a plain SVG."""
    width, panel, margin = 760, 170, 60
    # Each panel: its name and (column, colour) of each line; RSS after a scene switch and at rest.
    series = [("RSS (MB): after a switch (red), at rest (black)", [(2, "#d62728"), (REST_RSS, "#222")]),
              ("open fds", [(3, "#1f77b4")]), ("threads", [(4, "#2ca02c")])]
    height = 40 + len(series) * (panel + 30)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{margin}" y="22" font-size="14">{title}</text>',
    ]
    minutes = [r[1] / 60 for r in rows] or [0]
    x_max = max(max(minutes), 1)
    for index, (name, lines) in enumerate(series):
        top = 40 + index * (panel + 30)
        values = [r[column] for r in rows for column, _ in lines if r[column] != ""] or [0]
        low, high = min(values), max(values)
        if high - low < 1e-9:
            low, high = low - 1, high + 1
        pad = (high - low) * 0.1
        low, high = low - pad, high + pad

        def x(m):
            return margin + (width - margin - 20) * m / x_max

        def y(v):
            return top + panel - panel * (v - low) / (high - low)

        parts.append(f'<rect x="{margin}" y="{top}" width="{width - margin - 20}" height="{panel}" fill="none" stroke="#999"/>')
        parts.append(f'<text x="{margin + 6}" y="{top + 16}">{name}</text>')
        parts.append(f'<text x="{margin - 6}" y="{top + 12}" text-anchor="end">{high:.1f}</text>')
        parts.append(f'<text x="{margin - 6}" y="{top + panel}" text-anchor="end">{low:.1f}</text>')
        if WARM_UP / 60 < x_max:
            wx = x(WARM_UP / 60)
            parts.append(f'<line x1="{wx:.1f}" y1="{top}" x2="{wx:.1f}" y2="{top + panel}" stroke="#bbb" stroke-dasharray="4 3"/>')
        for column, colour in lines:
            points = " ".join(f"{x(r[1] / 60):.1f},{y(r[column]):.1f}" for r in rows if r[column] != "")
            parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        parts.append(f'<text x="{width - 20}" y="{top + panel + 14}" text-anchor="end">{x_max:.0f} min</text>')
    parts.append("</svg>")
    with open(path, "w") as out:
        out.write("\n".join(parts) + "\n")


def write_csv(rows, out):
    with open(os.path.join(out, "soak.csv"), "w") as csv:
        csv.write(COLUMNS + "\n")
        csv.writelines(",".join(str(v) for v in row) + "\n" for row in rows)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hours", type=float, required=True)
    parser.add_argument("--out", default=os.path.join(ROOT, ".build", "soak-live"))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "tessera"))
    parser.add_argument("--sample", type=float, default=60)
    parser.add_argument("--driver", default="wayland", choices=["wayland", "x11"])
    parser.add_argument("--speed", type=float, default=1)
    parser.add_argument("--heaptrack", metavar="FILE", help="run Tessera under heaptrack, its profile written to FILE")
    args = parser.parse_args()
    for tool in ["/usr/bin/cage", "/usr/bin/pgrep"]:
        if not os.access(tool, os.X_OK):
            sys.exit(f"soak-live: {tool} is not installed (make test-deps installs cage)")
    os.makedirs(args.out, exist_ok=True)

    # A world-readable stage, as the tests' HeadlessCage makes: as root cage runs as another user.
    stage = tempfile.mkdtemp(prefix="tessera-soak-")
    home, runtime = os.path.join(stage, "home"), os.path.join(stage, "runtime")
    os.makedirs(os.path.join(stage, "bin"))
    os.makedirs(home)
    binary = os.path.join(stage, "bin", "tessera")
    shutil.copy2(args.binary, binary)
    for folder in ["Assets", "Configs"]:
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(stage, folder))
    photos = os.path.join(home, "photos")
    shutil.copytree(os.path.join(ROOT, "Assets", "Photos"), photos)
    spare = sorted(name for name in os.listdir(photos) if name.lower().endswith((".jpg", ".jpeg", ".png")))[:3]
    config = os.path.join(home, "kiosk.json")
    shutil.copy2(os.path.join(ROOT, "Configs", "kiosk.json"), config)
    control = os.path.join(home, "control.sock")
    subprocess.run(["chmod", "-R", "a+rX", stage], check=True)
    session = subprocess.Popen(
        ["/bin/sh", os.path.join(ROOT, "Tools", "cage-session"), runtime, "--rotate", "--",
         "env", f"SDL_VIDEODRIVER={args.driver}"] + (["heaptrack", "-o", args.heaptrack] if args.heaptrack else [])
        + [binary, "--kiosk", "--photos", photos, "--config", config,
         "--control", control],
        env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "CAGE_HOME": home},
        stdout=subprocess.DEVNULL, stderr=open(os.path.join(args.out, "soak-stderr.txt"), "w"))

    status = 0
    rows = []
    # SIGTERM (and Ctrl+C) still stop the session and write what was sampled.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        deadline = time.time() + 30
        while not os.path.exists(control) and time.time() < deadline:
            time.sleep(0.2)
        pid = tessera_pid(binary)
        if pid is None or not os.path.exists(control):
            sys.exit("soak-live: Tessera did not start under cage (see soak-stderr.txt)")
        rng = random.Random(45)
        start = time.time()
        end = start + args.hours * 3600
        next_tap = next_scene = next_folder = next_reload = next_sample = start
        next_rest = None  # when the minute's rest sample is due
        last_cpu, last_at = sample(pid)[3], start
        scene_index, removed = 0, []
        taps = errors = 0
        while time.time() < end:
            now = time.time()
            if not os.path.exists(f"/proc/{pid}"):
                print("soak-live: Tessera died", file=sys.stderr)
                status = 1
                break
            try:
                if now >= next_tap:
                    next_tap += 5 / args.speed
                    tiles = ask(control, {"dump": True}).get("dump", {}).get("tiles", [])
                    ids = [t["id"] for t in tiles if isinstance(t, dict) and "id" in t]
                    if ids:
                        answer = ask(control, {"tap": rng.choice(ids)})
                        taps += 1
                        errors += "error" in answer
                if now >= next_scene:
                    next_scene += 60 / args.speed
                    scene_index = (scene_index + 1) % len(SCENES)
                    ask(control, {"scene": SCENES[scene_index]})
            except (OSError, ValueError) as error:
                print(f"soak-live: the control socket stopped answering: {error}", file=sys.stderr)
                status = 1
                break
            if now >= next_folder:
                next_folder += 120 / args.speed
                if removed:
                    name = removed.pop()
                    shutil.copy2(os.path.join(ROOT, "Assets", "Photos", name), os.path.join(photos, name))
                elif spare:
                    name = rng.choice(spare)
                    if os.path.exists(os.path.join(photos, name)):
                        os.remove(os.path.join(photos, name))
                        removed.append(name)
                # The watcher takes the change in by itself; a rescan asked for too exercises the same
                # path where it cannot (a machine out of inotify instances).
                try:
                    ask(control, {"rescan": True})
                except (OSError, ValueError):
                    pass
            if now >= next_reload:
                next_reload += 300 / args.speed
                os.utime(config)
                os.kill(pid, signal.SIGHUP)
            if next_rest is not None and now >= next_rest:
                next_rest = None
                rss, _, _, _, parts = sample(pid)
                rows[-1] = rows[-1][:REST_RSS] + (round(rss, 2), round(parts.get("RssAnon", 0), 2))
                write_csv(rows, args.out)
            if now >= next_sample:
                next_sample += args.sample
                # Half a period on, just before that moment's tap (taps fall on whole multiples of their
                # interval from the start).
                next_rest = now + args.sample / 2 - 0.5 / args.speed
                rss, fds, threads, cpu, parts = sample(pid)
                # The first sample has no interval behind it.
                cpu_percent = 100 * (cpu - last_cpu) / (now - last_at) if now - last_at >= 1 else 0.0
                last_cpu, last_at = cpu, now
                rows.append((len(rows), round(now - start, 1), round(rss, 2), fds, threads, round(cpu_percent, 2))
                            + tuple(round(parts.get(part, 0), 2) for part in PARTS) + ("", ""))
                write_csv(rows, args.out)
            time.sleep(max(0.05, min(next_tap, next_sample, next_rest or end, end) - time.time()))
    except KeyboardInterrupt:
        print("soak-live: stopped early", file=sys.stderr)
    finally:
        pid = tessera_pid(binary)
        if pid:
            os.kill(pid, signal.SIGTERM)
        try:
            session.wait(15)
        except subprocess.TimeoutExpired:
            session.kill()
        shutil.rmtree(stage, ignore_errors=True)

    steady = [r for r in rows if r[1] >= WARM_UP]
    window = f"after the first {WARM_UP // 60} minutes"
    if len(steady) < 2:
        steady = rows[len(rows) // 6:]
        window = f"after the first sixth of the run (it was shorter than the {WARM_UP // 60}-minute warm-up)"
    hours = [r[1] / 3600 for r in steady]
    columns = [("rss_mb", 2), ("fds", 3), ("threads", 4)] + [(part, 6 + i) for i, part in enumerate(PARTS)]
    growth = {name: fit(hours, [r[col] for r in steady]) for name, col in columns}
    duration = rows[-1][1] / 60 if rows else 0
    title = f"Tessera kiosk under cage ({args.driver}), {duration:.0f} min live soak"
    svg_plot(rows, os.path.join(args.out, "soak.svg"), title)
    cpu_mean = sum(r[5] for r in rows[1:]) / max(1, len(rows) - 1)
    if not rows:
        print("soak-live: no samples", file=sys.stderr)
        return 1
    report = [
        f"# {title}",
        "",
        f"{len(rows)} samples every {args.sample:.0f} s; {taps} taps through --control ({errors} answered with an error),",
        "scene switches every minute, a photo added or removed every 2 minutes, a SIGHUP reload every 5 minutes"
        + (f" (all {args.speed:g} times as often: --speed)." if args.speed != 1 else "."),
        f"Growth per hour from a least-squares line through the samples {window} ({len(steady)} samples):",
        "",
        f"- RSS right after a scene switch and a tap: {rows[-1][2] if rows else 0:.1f} MB at the end, growth {growth['rss_mb']:+.2f} MB/hour",
        "  (" + ", ".join(f"{PARTS[part]} {rows[-1][6 + i]:.1f} MB, {growth[part]:+.2f}/hour" for i, part in enumerate(PARTS)) + ")",
    ]
    rested = [r for r in steady if r[REST_RSS] != ""]
    if len(rested) >= 2:
        at_rest = [r[1] / 3600 for r in rested]
        report += [
            f"- RSS at rest (half a minute on, {'4.5 s after a tap, its heap trimmed' if args.speed == 1 else 'just before a tap'}): "
            f"{rested[-1][REST_RSS]:.1f} MB at the end, growth {fit(at_rest, [r[REST_RSS] for r in rested]):+.2f} MB/hour"
            f" (anonymous memory {rested[-1][REST_ANON]:.1f} MB, {fit(at_rest, [r[REST_ANON] for r in rested]):+.2f}/hour)",
        ]
    report += [
        f"- open fds: {rows[-1][3] if rows else 0}, growth {growth['fds']:+.2f}/hour",
        f"- threads: {rows[-1][4] if rows else 0}, growth {growth['threads']:+.2f}/hour",
        f"- CPU: {cpu_mean:.2f} % of a core on average",
    ]
    # A sample follows each minute's scene switch, so every len(SCENES)-th one shows the same scene: a line
    # through those alone leaves out the swing between scenes.
    by_scene = []
    for phase in range(len(SCENES) if args.speed == 1 else 0):
        same = [r for r in steady if r[0] % len(SCENES) == phase]
        if len(same) >= 2:
            by_scene.append(f"{fit([r[1] / 3600 for r in same], [r[2] for r in same]):+.2f}")
    if by_scene:
        report += ["", f"RSS growth through the samples of one scene at a time: {', '.join(by_scene)} MB/hour."]
    if not rows or rows[-1][1] < WARM_UP + 3600:
        report += [
            "",
            "A run shorter than the warm-up plus an hour says little about growth per hour: read it as a smoke run.",
        ]
    with open(os.path.join(args.out, "soak.md"), "w") as out:
        out.write("\n".join(report) + "\n")
    print("\n".join(report))
    return status


if __name__ == "__main__":
    sys.exit(main())
