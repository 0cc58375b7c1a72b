#!/usr/bin/python3
"""Draws the layers of FreehandKit, top (what people touch) to bottom (the geometry), for the DocC
overview: Sources/FreehandKit/FreehandKit.docc/Resources/layers.png. Needs Debian's python3-cairo.
Usage: tools/layers_picture.py [OUT.png]"""
import sys

import cairo

OUT = sys.argv[1] if len(sys.argv) > 1 else "Sources/FreehandKit/FreehandKit.docc/Resources/layers.png"
WIDTH, ROW, GAP, MARGIN, SCALE = 760, 62, 22, 16, 2

# (module label, colour, [(box title, box detail)]) from the top.
LAYERS = [
    ("front ends", (0.93, 0.90, 0.98), [("freehand", "the command line"), ("Playground/", "freehand-serve: page + API"),
                                        ("FreehandUI", "UIKit and SwiftUI views")]),
    ("live input", (0.90, 0.95, 0.99), [("TouchInkController", "touches → strokes, erasing, undo"),
                                        ("LiveSession", "the page's pointer messages")]),
    ("FreehandDocument", (0.90, 0.97, 0.92), [("DrawingEditor", "undo, erasers, selection"),
                                              ("InkSession", "live strokes per pointer"),
                                              ("DrawingExport", "PlacedInk → PNG, SVG, PDF")]),
    ("FreehandRender", (0.99, 0.95, 0.88), [("Canvas", "cached ink + live tail"), ("TiledCanvas", "zoom and pan, 256-px tiles"),
                                            ("raster, PNG, SVG, PDF", "pixels and pages")]),
    ("FreehandDrawing", (0.92, 0.96, 0.98), [("Drawing, StrokeRecord", "samples kept exactly"),
                                             ("formats", "JSON, .fhb, InkML, signature_pad")]),
    ("FreehandKit", (0.97, 0.91, 0.90), [("Input", "samples"), ("Filtering", "One Euro"), ("Interpolation", "techniques"),
                                         ("Width", "brushes, tapers"), ("Tessellation", "InkStroke: outline")]),
]

height = MARGIN * 2 + len(LAYERS) * ROW + (len(LAYERS) - 1) * GAP
surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, WIDTH * SCALE, height * SCALE)
c = cairo.Context(surface)
c.scale(SCALE, SCALE)
c.set_source_rgb(1, 1, 1)
c.paint()
label_width = 150


def text(x, y, words, size, bold=False, grey=0.1):
    c.select_font_face("DejaVu Sans", cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
    c.set_font_size(size)
    c.set_source_rgb(grey, grey, grey)
    extent = c.text_extents(words)
    c.move_to(x - extent.width / 2 - extent.x_bearing, y)
    c.show_text(words)


for row, (module, colour, boxes) in enumerate(LAYERS):
    top = MARGIN + row * (ROW + GAP)
    text(MARGIN + label_width / 2 - 6, top + ROW / 2 + 4, module, 11.5, bold=True)
    left, right = MARGIN + label_width, WIDTH - MARGIN
    box_width = (right - left - (len(boxes) - 1) * 8) / len(boxes)
    for index, (title, detail) in enumerate(boxes):
        x = left + index * (box_width + 8)
        c.rectangle(x, top, box_width, ROW)
        c.set_source_rgb(*colour)
        c.fill_preserve()
        c.set_source_rgb(0.55, 0.55, 0.6)
        c.set_line_width(1)
        c.stroke()
        text(x + box_width / 2, top + ROW / 2 - 3, title, 11.5, bold=True)
        text(x + box_width / 2, top + ROW / 2 + 14, detail, 9.5, grey=0.35)
        if module == "FreehandKit" and index < len(boxes) - 1:
            c.set_source_rgb(0.3, 0.3, 0.3)
            c.move_to(x + box_width + 1, top + ROW / 2)
            c.line_to(x + box_width + 7, top + ROW / 2)
            c.stroke()
    if row < len(LAYERS) - 1:
        # Each layer uses the ones below it.
        middle = (left + right) / 2
        c.set_source_rgb(0.35, 0.35, 0.4)
        c.set_line_width(1.5)
        c.move_to(middle, top + ROW + 3)
        c.line_to(middle, top + ROW + GAP - 4)
        c.stroke()
        c.move_to(middle - 5, top + ROW + GAP - 9)
        c.line_to(middle, top + ROW + GAP - 3)
        c.line_to(middle + 5, top + ROW + GAP - 9)
        c.stroke()

surface.write_to_png(OUT)
print(f"wrote {OUT}")
