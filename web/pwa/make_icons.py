#!/usr/bin/env python3
"""Draws the lab's app icons (a 9×9 board with a few cells in the graph view's digit colours)
as PNG files, with the standard library only. Run once when the design changes; the PNGs are
committed."""
import struct
import zlib

PALETTE = ["#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE", "#882255", "#44AA99", "#999933", "#AA4499"]
# (row, column, digit) of the coloured cells: one of each digit, no two in a row, column or box.
CELLS = [(0, 0, 1), (1, 4, 2), (2, 8, 3), (3, 1, 4), (4, 5, 5), (5, 6, 6), (6, 2, 7), (7, 3, 8), (8, 7, 9)]


def rgb(hex_colour):
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def draw(size, margin_share):
    background, board, thin, thick = rgb("#1d5fd1"), rgb("#ffffff"), rgb("#c6ccd8"), rgb("#1d2330")
    pixels = [[background] * size for _ in range(size)]
    margin = int(size * margin_share)
    side = size - 2 * margin
    cell = side / 9
    for y in range(margin, margin + side):
        for x in range(margin, margin + side):
            r, c = int((y - margin) / cell), int((x - margin) / cell)
            colour = board
            for (cr, cc, d) in CELLS:
                if (cr, cc) == (r, c):
                    colour = rgb(PALETTE[d - 1])
            fy, fx = (y - margin) / cell, (x - margin) / cell
            line = max(1, size // 256)
            for k in range(10):
                edge = k * cell
                width = 3 * line if k % 3 == 0 else line
                if abs((y - margin) - edge) < width or abs((x - margin) - edge) < width:
                    colour = thick if k % 3 == 0 else thin
            pixels[y][x] = colour
    return pixels


def png(pixels):
    height, width = len(pixels), len(pixels[0])
    raw = b"".join(b"\x00" + bytes(v for p in row for v in p) for row in pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    for size in (192, 512):
        with open(f"icon-{size}.png", "wb") as f:
            f.write(png(draw(size, 0.08)))
    # Maskable: the board inside the safe zone (the central 80 %).
    with open("icon-maskable-512.png", "wb") as f:
        f.write(png(draw(512, 0.16)))
