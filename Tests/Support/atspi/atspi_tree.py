#!/usr/bin/python3
"""Reads Tessera's window the way a screen reader does: through pyatspi (libatspi), from the
accessibility bus of the session it runs in. The AT-SPI tests (Tests/TesseraCLITests/
AccessibilityBusTests.swift) run it; `make` does not need it. Debian's python3-pyatspi.

  atspi_tree.py dump [--timeout S]            the tree as JSON on stdout
  atspi_tree.py text [--timeout S]            the tree as indented text (docs/accessibility-tree.txt)
  atspi_tree.py action ID INDEX [--timeout S] DoAction(INDEX) on the node whose `id` attribute is ID
  atspi_tree.py events SECONDS                focus events as JSON lines; prints "listening" first
  atspi_tree.py list                          the names of the applications on the desktop, one a line

Extents are in window coordinates (ATSPI_COORD_TYPE_WINDOW), whole points.
"""
import json
import sys
import time

import pyatspi
from gi.repository import GLib


def find_application(timeout):
    """The desktop's child named Tessera once it has children, or exits 3."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            try:
                if app is not None and app.name == "Tessera" and app.childCount > 0:
                    return app
            except Exception:
                pass
        time.sleep(0.2)
    print("no Tessera application on the accessibility bus", file=sys.stderr)
    sys.exit(3)


def node_id(acc):
    try:
        return acc.getAttributes() and dict(a.split(":", 1) for a in acc.getAttributes()).get("id")
    except Exception:
        return None


def describe(acc):
    node = {
        "id": node_id(acc),
        "role": acc.getRoleName(),
        "name": acc.name,
        "states": sorted(pyatspi.stateToString(s) for s in acc.getState().getStates()),
    }
    try:
        box = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        node["extents"] = [box.x, box.y, box.width, box.height]
    except NotImplementedError:
        pass
    try:
        action = acc.queryAction()
        node["actions"] = [action.getName(i) for i in range(action.nActions)]
    except NotImplementedError:
        pass
    if acc.description:
        node["description"] = acc.description
    node["children"] = [describe(child) for child in acc if child is not None]
    return node


def text(node, depth=0):
    line = "  " * depth + "[%s] %s" % (node["role"], json.dumps(node["name"], ensure_ascii=False))
    if node.get("description"):
        line += " (%s)" % node["description"]
    if "extents" in node:
        line += " @ %d,%d %dx%d" % tuple(node["extents"])
    interesting = [s for s in node["states"] if s not in ("enabled", "sensitive", "visible", "showing")]
    if interesting:
        line += " {%s}" % ", ".join(interesting)
    if node.get("actions"):
        line += " actions: %s" % ", ".join(node["actions"])
    lines = [line]
    for child in node["children"]:
        lines += text(child, depth + 1)
    return lines


def find(acc, wanted):
    if node_id(acc) == wanted:
        return acc
    for child in acc:
        found = child is not None and find(child, wanted)
        if found:
            return found
    return None


def events(seconds):
    def on_event(event):
        print(json.dumps({
            "type": event.type, "detail1": event.detail1,
            "id": node_id(event.source), "name": event.source.name,
        }), flush=True)

    pyatspi.Registry.registerEventListener(on_event, "focus:", "object:state-changed:focused")
    print("listening", flush=True)
    GLib.timeout_add(int(seconds * 1000), pyatspi.Registry.stop)
    pyatspi.Registry.start()


def main(argv):
    timeout = 20.0
    if "--timeout" in argv:
        i = argv.index("--timeout")
        timeout = float(argv[i + 1])
        del argv[i:i + 2]
    command = argv[1] if len(argv) > 1 else "dump"
    if command == "list":
        for app in pyatspi.Registry.getDesktop(0):
            if app is not None:
                print(app.name)
        return
    if command == "events":
        find_application(timeout)
        events(float(argv[2]))
        return
    app = find_application(timeout)
    if command == "dump":
        print(json.dumps(describe(app), indent=1, ensure_ascii=False))
    elif command == "text":
        print("\n".join(text(describe(app))))
    elif command == "action":
        target = find(app, argv[2])
        if not target:
            print("no node with id %s" % argv[2], file=sys.stderr)
            sys.exit(4)
        print(json.dumps({"done": bool(target.queryAction().doAction(int(argv[3])))}))
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main(list(sys.argv))
