#!/usr/bin/env python3
"""Writes a caption into a JPEG as its EXIF ImageDescription, without touching its pixels.

    caption.py FILE.jpg "Lavender field"

The caption goes into an APP1 "Exif" segment holding a TIFF header and IFD0 with one entry, tag
0x010E ImageDescription, type ASCII (EXIF 2.32, CIPA DC-008, 4.6.5; TIFF 6.0, "Image File
Directory"), UTF-8 as exiftool writes it, NUL-terminated. The segment goes right after APP0 (JFIF
requires its APP0 first, JFIF 1.02) and replaces any earlier EXIF segment; every other byte of the
file, the entropy-coded scan included, stays as it was. Tessera reads it as the photo's caption,
its accessible name (Sources/TesseraPhotos/ExifDescription.swift).
"""
import struct
import sys


def exif_segment(text):
    value = text.encode("utf-8") + b"\0"
    # TIFF header (big-endian "MM", 42, IFD0 at 8), IFD0: one entry, then "no next IFD" (0).
    ifd_end = 8 + 2 + 12 + 4
    if len(value) <= 4:
        field = value.ljust(4, b"\0")
        data = b""
    else:
        field = struct.pack(">I", ifd_end)
        data = value
    tiff = b"MM" + struct.pack(">HI", 42, 8) + struct.pack(">H", 1)
    tiff += struct.pack(">HHI", 0x010E, 2, len(value)) + field + struct.pack(">I", 0) + data
    payload = b"Exif\0\0" + tiff
    if len(payload) + 2 > 0xFFFF:
        raise ValueError("caption too long for one APP1 segment")
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def with_caption(jpeg, text):
    if jpeg[:2] != b"\xff\xd8":
        raise ValueError("not a JPEG")
    out = [jpeg[:2]]
    i = 2
    inserted = False
    while True:
        if jpeg[i] != 0xFF:
            raise ValueError("corrupt marker at %d" % i)
        marker = jpeg[i + 1]
        if marker == 0xDA:  # the scan and everything after it, as it is
            if not inserted:
                out.append(exif_segment(text))
            out.append(jpeg[i:])
            return b"".join(out)
        length = struct.unpack(">H", jpeg[i + 2:i + 4])[0]
        segment = jpeg[i:i + 2 + length]
        is_exif = marker == 0xE1 and segment[4:10] == b"Exif\0\0"
        if marker != 0xE0 and not inserted:
            out.append(exif_segment(text))
            inserted = True
        if not is_exif:
            out.append(segment)
        i += 2 + length


def set_caption(path, text):
    with open(path, "rb") as f:
        jpeg = f.read()
    with open(path, "wb") as f:
        f.write(with_caption(jpeg, text))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__)
        sys.exit(2)
    set_caption(sys.argv[1], sys.argv[2])
