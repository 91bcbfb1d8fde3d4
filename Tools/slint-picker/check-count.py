#!/usr/bin/env python3
"""Checks picker.py's frame count against the X server's own record of what Slint sent: with the
RECORD extension (X Record Extension Library, "XRecordCreateContext") it intercepts every client's
PutImage and MIT-SHM ShmPutImage requests, each stamped with the server's time in milliseconds, and
counts the presents of each client as runs of puts less than `--gap` ms apart (a frame's puts go out
together; frames at 60 a second are 16.7 ms apart). Run it beside a picker in the same display and
stop it (Ctrl-C, SIGTERM) after the picker quits:

    DISPLAY=:77 python3 check-count.py & DISPLAY=:77 SLINT_BACKEND=winit-software python3 picker.py \
        --photos DIR; kill %1

It prints, per client that put images, its puts and presents; picker.py's `frames N` should equal the
picker's presents. Needs python-xlib.
"""

import argparse
import signal
import struct
import sys

from Xlib import display
from Xlib.ext import record

PUT_IMAGE = 72  # the core protocol's PutImage
SHM_PUT_IMAGE = 3  # MIT-SHM's ShmPutImage minor opcode


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gap", type=float, default=4, help="ms between two presents at least")
    options = parser.parse_args()
    control = display.Display()
    recorder = display.Display()
    shm = control.query_extension("MIT-SHM").major_opcode
    context = control.record_create_context(
        record.FromServerTime,
        [record.AllClients],
        [
            {
                "core_requests": (PUT_IMAGE, PUT_IMAGE),
                "core_replies": (0, 0),
                "ext_requests": (shm, shm, SHM_PUT_IMAGE, SHM_PUT_IMAGE),
                "ext_replies": (0, 0, 0, 0),
                "delivered_events": (0, 0),
                "device_events": (0, 0),
                "errors": (0, 0),
                "client_started": False,
                "client_died": False,
            }
        ],
    )
    control.sync()
    clients = {}  # id base → [puts, presents, last put's server time]

    def intercepted(reply):
        if reply.category != record.FromClient:
            return
        data = reply.data
        offset = 0
        # One reply may carry several requests: opcode, minor, length in 4-byte units.
        while offset + 4 <= len(data):
            opcode, minor = data[offset], data[offset + 1]
            length = struct.unpack_from("<H", data, offset + 2)[0]
            if opcode == PUT_IMAGE or (opcode == shm and minor == SHM_PUT_IMAGE):
                client = clients.setdefault(reply.id_base, [0, 0, None])
                client[0] += 1
                if client[2] is None or reply.server_time - client[2] >= options.gap:
                    client[1] += 1
                client[2] = reply.server_time
            offset += max(4, length * 4)

    def report(*_):
        for base, (puts, presents, _) in sorted(clients.items()):
            print(f"client 0x{base:08x}: {puts} puts, {presents} presents")
        sys.stdout.flush()
        sys.exit(0)

    signal.signal(signal.SIGTERM, report)
    signal.signal(signal.SIGINT, report)
    recorder.record_enable_context(context, intercepted)


if __name__ == "__main__":
    main()
