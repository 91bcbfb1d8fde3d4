#!/usr/bin/env python3
"""Puts a window's screenshot beside its accessibility tree as a screen reader reads it, for
docs/accessibility-tree.png (docs/ACCESSIBILITY.md).

    python3 Tools/accessibility-tree/render.py WINDOW.png TREE.txt OUT.png

TREE.txt is what `Tests/Support/atspi/atspi_tree.py text` prints against the same window (pyatspi over
the AT-SPI bus). Needs Pillow and DejaVu Sans Mono (fonts-dejavu-core).
"""

import sys

from PIL import Image, ImageDraw, ImageFont

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"


def main(window_path, tree_path, out_path):
    window = Image.open(window_path).convert("RGB")
    lines = open(tree_path, encoding="utf-8").read().rstrip("\n").split("\n")
    font = ImageFont.truetype(FONT, 13)
    line_height = 17
    margin = 16
    text_width = int(max(font.getlength(line) for line in lines)) + 2 * margin
    height = max(window.height, len(lines) * line_height + 2 * margin)
    out = Image.new("RGB", (window.width + text_width, height), (250, 250, 250))
    out.paste(window, (0, 0))
    draw = ImageDraw.Draw(out)
    for i, line in enumerate(lines):
        draw.text((window.width + margin, margin + i * line_height), line, font=font, fill=(20, 20, 20))
    out.save(out_path, optimize=True)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
