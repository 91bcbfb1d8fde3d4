#!/usr/bin/env python3
"""Seed corpora for `make fuzz` (Tests/Fuzz/Corpus/<target>/): small real files and damaged ones.

Real files come from the bundled photos, cropped small, through libjpeg-turbo's own tools (cjpeg,
djpeg, jpegtran: Debian's libjpeg-turbo-progs) and Pillow; PNGs are written byte by byte so every
filter type, chunk split and kind of damage is there. Run once; the output is committed:

    python3 Tools/fuzzcorpus/generate.py Tests/Fuzz/Corpus
"""
import io
import os
import random
import struct
import subprocess
import sys
import zlib

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PHOTO = os.path.join(ROOT, "Assets", "Photos", "photo-01.jpg")
rng = random.Random(22)


def run(args, data=None):
    return subprocess.run(args, input=data, capture_output=True, check=True).stdout


def small_ppm(width, height):
    image = Image.open(PHOTO).convert("RGB").resize((width, height))
    out = io.BytesIO()
    image.save(out, "PPM")
    return out.getvalue()


def flips(data, count, start):
    data = bytearray(data)
    for _ in range(count):
        i = rng.randrange(start, len(data))
        data[i] ^= 1 << rng.randrange(8)
    return bytes(data)


def exif(orientation, big_endian):
    order = b"MM" if big_endian else b"II"
    e = ">" if big_endian else "<"
    ifd = struct.pack(e + "H", 1) + struct.pack(e + "HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(e + "I", 0)
    tiff = order + struct.pack(e + "HI", 42, 8) + ifd
    body = b"Exif\0\0" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def with_exif(jpeg, orientation, big_endian=False):
    return jpeg[:2] + exif(orientation, big_endian) + jpeg[2:]


def jpegs():
    files = {}
    ppm = small_ppm(64, 48)
    odd = small_ppm(33, 17)
    for name, args in [
        ("444", ["-sample", "1x1,1x1,1x1"]),
        ("422", ["-sample", "2x1,1x1,1x1"]),
        ("420", ["-sample", "2x2,1x1,1x1"]),
        ("440", ["-sample", "1x2,1x1,1x1"]),
        ("411", ["-sample", "4x1,1x1,1x1"]),
        ("221", ["-sample", "2x2,2x1,1x1"]),
        ("grey", ["-grayscale"]),
        ("restart-1", ["-restart", "1"]),
        ("restart-3b", ["-restart", "3B", "-sample", "2x2,1x1,1x1"]),
        ("optimized", ["-optimize"]),
        ("q100", ["-quality", "100"]),
        ("q5", ["-quality", "5"]),
        ("progressive", ["-progressive"]),
        ("arithmetic", ["-arithmetic"]),
        ("rgb", ["-rgb"]),
    ]:
        files[f"{name}.jpg"] = run(["cjpeg", "-quality", "85"] + args, ppm)
    files["odd-33x17.jpg"] = run(["cjpeg", "-sample", "2x2,1x1,1x1"], odd)
    files["odd-grey-33x17.jpg"] = run(["cjpeg", "-grayscale"], odd)
    cmyk = io.BytesIO()
    Image.open(PHOTO).convert("CMYK").resize((32, 24)).save(cmyk, "JPEG", quality=80)
    files["cmyk.jpg"] = cmyk.getvalue()
    base = files["420.jpg"]
    for o in (3, 6, 8):
        files[f"exif-{o}.jpg"] = with_exif(base, o)
    files["exif-6-big-endian.jpg"] = with_exif(base, 6, big_endian=True)
    # Damage: cut, flipped bits after the headers, a frame header that lies.
    scan = base.index(b"\xff\xda")
    files["cut-half.jpg"] = base[: len(base) // 2]
    files["cut-in-scan-header.jpg"] = base[: scan + 6]
    files["cut-in-tables.jpg"] = base[: base.index(b"\xff\xc4") + 9]
    for i in range(4):
        files[f"flipped-{i}.jpg"] = flips(base, 3, scan + 14)
    files["flipped-tables.jpg"] = flips(base, 4, 2)
    sof = base.index(b"\xff\xc0")
    wide = bytearray(base)
    wide[sof + 7 : sof + 9] = struct.pack(">H", 4000)
    files["sof-claims-4000-wide.jpg"] = bytes(wide)
    no_eoi = base[:-2]
    files["no-eoi.jpg"] = no_eoi
    files["junk-after-eoi.jpg"] = base + b"\x00" * 40
    return files


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(width, height, colour=6, depth=8, filters=None, idat_size=4096, before=b"", rows=None, interlace=0,
        level=6, tail=True):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    bpp = max(1, channels * depth // 8)
    raw = bytearray()
    previous = bytearray(width * bpp)
    for y in range(rows if rows is not None else height):
        row = bytearray(rng.randrange(256) if (x // bpp + y) % 7 == 0 else (x * 5 + y * 3) % 256 for x in range(width * bpp))
        kind = filters(y) if filters else y % 5
        out = bytearray(len(row))
        for i in range(len(row)):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                p = a
            elif kind == 2:
                p = b
            elif kind == 3:
                p = (a + b) // 2
            elif kind == 4:
                q = a + b - c
                pa, pb, pc = abs(q - a), abs(q - b), abs(q - c)
                p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            else:
                p = 0
            out[i] = (row[i] - p) & 255
        raw += bytes([kind]) + out
        previous = row
    stream = zlib.compress(bytes(raw), level)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace))
    data += before
    for i in range(0, len(stream), idat_size):
        data += chunk(b"IDAT", stream[i : i + idat_size])
    if tail:
        data += chunk(b"IEND", b"")
    return data


def pngs():
    files = {}
    files["rgba-all-filters.png"] = png(37, 23)
    files["rgba-one-idat.png"] = png(40, 30, idat_size=1 << 20)
    files["rgba-tiny-idats.png"] = png(16, 16, idat_size=7)
    files["rgba-1x1.png"] = png(1, 1)
    files["rgba-wide.png"] = png(300, 2)
    files["rgba-tall.png"] = png(2, 300)
    files["rgba-text-and-phys.png"] = png(24, 24, before=chunk(b"tEXt", b"Comment\0hello") + chunk(b"pHYs", b"\0\0\x0b\x13\0\0\x0b\x13\1"))
    files["rgba-plte-suggestion.png"] = png(12, 12, before=chunk(b"PLTE", bytes(range(48))))
    files["rgba-without-iend.png"] = png(20, 20, tail=False)
    files["rgb.png"] = png(20, 20, colour=2)
    files["grey-alpha.png"] = png(20, 20, colour=4)
    files["grey.png"] = png(20, 20, colour=0)
    files["rgba16.png"] = png(10, 10, depth=16)
    files["rgba-trns.png"] = png(10, 10, before=chunk(b"tRNS", b"\0\1\0\2\0\3"))
    good = files["rgba-all-filters.png"]
    first_idat = good.index(b"IDAT") - 4
    files["cut-in-data.png"] = good[: len(good) * 2 // 3]
    files["cut-in-chunk-header.png"] = good[: first_idat + 6]
    files["cut-before-data.png"] = good[:40]
    bad_crc = bytearray(good)
    bad_crc[first_idat + 20] ^= 0x10
    files["bad-idat-crc.png"] = bytes(bad_crc)
    bad_ihdr = bytearray(good)
    bad_ihdr[29] ^= 1
    files["bad-ihdr-crc.png"] = bytes(bad_ihdr)
    files["undefined-filter.png"] = png(20, 20, filters=lambda y: 5 if y == 10 else 4)
    files["a-row-short.png"] = png(20, 20, rows=19)
    files["a-row-too-many.png"] = png(20, 20, rows=21)
    files["garbled-deflate.png"] = flips(good, 6, first_idat + 10)
    files["unknown-critical.png"] = png(8, 8, before=chunk(b"XYZW", b"\1\2\3"))
    files["second-ihdr.png"] = png(8, 8, before=chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 6, 0, 0, 0)))
    files["huge-length.png"] = good[:first_idat] + struct.pack(">I", 0x7FFFFFF0) + good[first_idat + 4 :]
    # Declares 16×16 RGBA; the image data inflates to a megabyte.
    bomb = zlib.compress(b"\0" * (1 << 20), 9)
    files["bomb.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 6, 0, 0, 0)) + chunk(b"IDAT", bomb) + chunk(b"IEND", b"")
    return files


def headers(jpeg_files, png_files):
    files = {}
    for name in ["420.jpg", "grey.jpg", "progressive.jpg", "arithmetic.jpg", "cmyk.jpg", "exif-6.jpg",
                 "exif-6-big-endian.jpg", "exif-8.jpg", "cut-in-tables.jpg", "sof-claims-4000-wide.jpg"]:
        files[name] = jpeg_files[name]
    for name in ["rgba-all-filters.png", "grey.png", "cut-before-data.png", "bad-ihdr-crc.png"]:
        files[name] = png_files[name][:200]
    base = jpeg_files["420.jpg"]
    files["only-headers.jpg"] = base[: base.index(b"\xff\xda") + 14]
    files["fill-bytes.jpg"] = base[:2] + b"\xff" * 9 + base[2:400]
    files["no-frame.jpg"] = b"\xff\xd8\xff\xd9"
    files["exif-offset-past-end.jpg"] = with_exif(base, 6)[:2] + b"\xff\xe1\x00\x20Exif\0\0II*\0\xff\xff\xff\x7f" + b"\0" * 14 + base[2:300]
    files["exif-many-entries.jpg"] = base[:2] + b"\xff\xe1\x00\x1aExif\0\0II*\0\x08\0\0\0\xff\xff" + b"\0" * 4 + base[2:300]
    files["apng-zero-width.png"] = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 0, 5, 8, 6, 0, 0, 0))
    return files


def scales():
    """Inputs of the bilinear-scale harness: two big-endian bytes a field, each field's value less its
    range's start (Tests/Fuzz/BilinearScale: source size, source rect, destination rect, clip)."""
    def scale(sw, sh, sx, sy, w, h, dx, dy, dw, dh, clip=(0, 0, 256, 192)):
        values = [sw - 1, sh - 1, sx, sy, w - 1, h - 1, dx + 400, dy + 300, dw - 1, dh - 1,
                  clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1]]
        return b"".join(struct.pack(">H", v) for v in values)
    return {
        "reduce": scale(256, 192, 60, 0, 132, 192, 100, 20, 95, 138),
        "enlarge": scale(40, 30, 0, 0, 40, 30, 10, 10, 230, 170),
        "one-texel": scale(1, 1, 0, 0, 1, 1, 5, 5, 17, 9),
        "off-every-edge": scale(300, 200, 0, 0, 300, 200, -150, -100, 600, 400),
        "clipped": scale(120, 80, 10, 5, 90, 70, 30, 20, 180, 150, clip=(40, 35, 120, 90)),
        "one-row": scale(300, 1, 0, 0, 300, 1, 0, 0, 256, 192),
        # The last pixels of the source's last row, in the tails of the loops (7 and 37 are no multiple of 4).
        "last-row-tail": scale(7, 1, 0, 0, 7, 1, 0, 0, 7, 1),
        "bottom-right-tail": scale(41, 29, 4, 3, 37, 26, 3, 2, 37, 26),
    }


def header_indexes():
    """Inputs of the header-index harness: indexes of the folder `/f` (HeaderIndex.swift's layout)."""
    def entry(name, modified, size, width, height, caption=None):
        body = struct.pack("<H", len(name)) + name + struct.pack("<qqII", modified, size, width, height)
        if caption is None:
            return body + struct.pack("<H", 0)
        return body + struct.pack("<H", len(caption) + 1) + caption

    def index(*entries, folder=b"/f"):
        return (b"TSRHDRS1" + struct.pack("<I", len(folder)) + folder + struct.pack("<I", len(entries))
                + b"".join(entries))

    return {
        "empty": index(),
        "one": index(entry(b"a.jpg", 1_765_000_000_000_000_000, 2_400_000, 4000, 3000)),
        "captions": index(entry(b"harbour.jpeg", 5, 6, 640, 480, "Boats at dusk".encode()),
                          entry(b"blank.png", 7, 8, 1, 1, b""),
                          entry("café.jpg".encode(), 9, 10, 3000, 4000, "雪の朝".encode())),
        "latin1-name": index(entry(b"caf\xe9.JPG", 1, 2, 0, 0)),
        # A name beginning with a combining mark, which String takes as one character with the "/" before it.
        "combining-mark-name": index(entry("\u031ex.jpg".encode(), 1, 2, 3, 4)),
        "another-folder": index(entry(b"a.jpg", 1, 2, 3, 4), folder=b"/g"),
    }


def main(out):
    jpeg_files = jpegs()
    png_files = pngs()
    for target, files in [("jpeg-eighth", jpeg_files), ("png", png_files),
                          ("image-header", headers(jpeg_files, png_files)), ("bilinear-scale", scales()),
                          ("header-index", header_indexes())]:
        folder = os.path.join(out, target)
        os.makedirs(folder, exist_ok=True)
        for name, data in sorted(files.items()):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests", "Fuzz", "Corpus"))
