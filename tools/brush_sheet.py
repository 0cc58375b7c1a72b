#!/usr/bin/env python3
"""Draws docs/images/brush-sheet.svg: the brushes' hard cases side by side — the ink before the
brush work (a `freehand` built from commit 13626d2, before issue 44), the ink now, and
perfect-freehand's (getStroke from the PyPI package perfect-freehand: the device's pressure where
it has one, else its simulated pressure, thinning 0.5, its size set to our brush's full width).

Rows, all real recordings (Apache / MIT licensed, in ../shared/data):
  dots         Wacom pen notes (heavy hand, taps read 0.1–0.3 force), handwriting (pressure brush)
  pen-down     an Apple Pencil stroke's start at 240 Hz (first reading 0.18, then 0.10), 6× zoom
  hook         a Wacom pen downstroke that lands with a 2 pt flick up, drawn with a 1 pt pen, 8× zoom
  signature    Wacom "hello ink" at 480 Hz with the signature preset (velocity brush)
  zoomed 8×    a small loop of the Apple Pencil stroke, outlined for 8 pixels a point

Usage: tools/brush_sheet.py [SHARED_DATA]  (default ../shared/data). Needs the PyPI package
perfect-freehand on PYTHONPATH, a built `freehand` (FREEHAND=path, else .build/release/freehand)
and the earlier one (FREEHAND_BEFORE=path; build it with
`git worktree add /tmp/before 13626d2 && (cd /tmp/before && swift build -c release --product freehand)`;
without it the "before" column is left out).
"""
import json
import os
import subprocess
import sys
import tempfile

from perfect_freehand import get_stroke

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data")
OUTPUT = os.path.join(ROOT, "docs", "images", "brush-sheet.svg")
PANEL, LABEL, ROW_LABEL = 300.0, 22.0, 96.0

HANDWRITING = ["--brush", "pressure"]
SIGNATURE = ["--brush", "velocity", "--min-width", "1", "--max-width", "3.5", "--taper-start", "2", "--taper-end", "6"]


def binary(variable, default):
    path = os.environ.get(variable) or default
    if path and os.path.exists(os.path.join(ROOT, path)):
        return os.path.join(ROOT, path)
    return None


NOW = binary("FREEHAND", ".build/release/freehand")
BEFORE = binary("FREEHAND_BEFORE", None)


def outlines(program, path, options, scale=None):
    """Our outline polygons of every stroke in the file, or None when this build cannot draw it."""
    arguments = [program, "outline", *options, path]
    if scale:
        arguments[2:2] = ["--scale", str(scale)]
    result = subprocess.run(arguments, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        return None
    return [stroke["outline"] for stroke in json.loads(result.stdout)["strokes"] if stroke.get("outline")]


def perfect_freehand(strokes, size, pressured):
    """perfect-freehand's outline of each stroke, its options as its demo's, size `size`."""
    shapes = []
    for points in strokes:
        if pressured:
            inputs = [(p["x"], p["y"], p.get("pressure") or 0.5) for p in points]
        else:
            inputs = [(p["x"], p["y"]) for p in points]
        shapes.append(get_stroke(inputs, size=size, thinning=0.5, smoothing=0.5, streamline=0.5,
                                 simulate_pressure=not pressured, last=True))
    return [shape for shape in shapes if len(shape) >= 3]


def strokes_of(name):
    return json.load(open(os.path.join(DATA, name)))["strokes"]


def window(strokes, box):
    """The strokes with a sample inside box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return [s for s in strokes if any(x0 <= p["x"] <= x1 and y0 <= p["y"] <= y1 for p in s["points"])]


def cases():
    notes = strokes_of("wacom-uim-samples/strokes/4_hello-world-1.json")
    tap = next(s for s in notes if len(s["points"]) <= 2)
    tx, ty = tap["points"][0]["x"], tap["points"][0]["y"]
    dots = window(notes, (tx - 70, ty - 45, tx + 70, ty + 45))
    pencil = strokes_of("inkable-apple-pencil/strokes/pencil-antigrain.json")[0]["points"]
    # Its first few points, at about 12×.
    sx, sy = pencil[0]["x"], pencil[0]["y"]
    start = (sx - 6, sy - 12, sx + 19, sy + 4)
    # Millimetres to points, for both programs (the files written for them carry no units).
    hello = [{"points": [dict(p, x=p["x"] * 72 / 25.4, y=p["y"] * 72 / 25.4) for p in s["points"]]}
             for s in strokes_of("wacom-iot-paper/strokes/hello-ink.json")]
    loop = pencil[60:130]
    # A downstroke of Wacom's pen notes whose pen landed with a flick up and back (drawn, as a
    # screen showed it, a pixel a point), with a thin pen, where a flick shows past the round cap.
    ticked = strokes_of("wacom-uim-samples/strokes/1_value-of-ink-1.json")[74]["points"]
    kx, ky = ticked[0]["x"], ticked[0]["y"]
    hook = (kx - 12, ky - 5, kx + 14, ky + 12)
    # A tight turn of it, 300 px wide at 8 pixels a point.
    corner = pencil[96:100]
    cx, cy = sum(p["x"] for p in corner) / 4, sum(p["y"] for p in corner) / 4
    turn = (cx - 18.75, cy - 12, cx + 18.75, cy + 12)
    return [
        ("dots (handwriting)", [s["points"] for s in dots], HANDWRITING, 4.0, True, (tx - 70, ty - 45, tx + 70, ty + 45), None),
        ("pen-down (pressure)", [pencil[:40]], HANDWRITING, 4.0, True, start, None),
        ("hook (1 pt pen)", [ticked], ["--brush", "constant", "--width", "1"], 1.0, False, hook, None),
        ("signature", [s["points"] for s in hello], SIGNATURE, 3.5, False, None, None),
        ("zoomed 8×", [loop], ["--brush", "constant", "--width", "6"], 6.0, False, turn, 8),
    ]


def bounds(polygons):
    xs = [x for polygon in polygons for x, _ in polygon]
    ys = [y for polygon in polygons for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def main():
    if not NOW:
        sys.exit("no freehand binary: swift build -c release --product freehand first")
    columns = ([("before (13626d2)", BEFORE)] if BEFORE else []) + [("now", NOW), ("perfect-freehand", None)]
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for index, (name, strokes, options, size, pressured, box, scale) in enumerate(cases()):
            path = os.path.join(folder, f"case{index}.json")
            json.dump({"strokes": [{"points": points} for points in strokes]}, open(path, "w"))
            panels = []
            for _, program in columns:
                if program:
                    panels.append(outlines(program, path, options, scale) or outlines(program, path, options))
                else:
                    panels.append(perfect_freehand(strokes, size, pressured))
            rows.append((name, panels, box))
    width = ROW_LABEL + PANEL * len(columns)
    heights = []
    for _, panels, box in rows:
        x0, y0, x1, y1 = box or bounds([p for panel in panels if panel for p in panel])
        heights.append(PANEL * (y1 - y0 + 8) / (x1 - x0 + 8))
    total = LABEL + sum(heights)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{total:.0f}" '
             f'viewBox="0 0 {width:.0f} {total:.0f}" font-family="sans-serif" font-size="13">',
             f'<rect width="{width:.0f}" height="{total:.0f}" fill="white"/>']
    for column, (label, _) in enumerate(columns):
        parts.append(f'<text x="{ROW_LABEL + column * PANEL + 8:.0f}" y="15" fill="#444">{label}</text>')
    top = LABEL
    for (name, panels, box), height in zip(rows, heights):
        x0, y0, x1, y1 = box or bounds([p for panel in panels if panel for p in panel])
        x0, y0, x1, y1 = x0 - 4, y0 - 4, x1 + 4, y1 + 4
        parts.append(f'<text x="8" y="{top + height / 2:.0f}" fill="#444">{name}</text>')
        parts.append(f'<line x1="0" y1="{top:.0f}" x2="{width:.0f}" y2="{top:.0f}" stroke="#ddd"/>')
        for column, polygons in enumerate(panels):
            left = ROW_LABEL + column * PANEL
            parts.append(f'<svg x="{left:.0f}" y="{top:.0f}" width="{PANEL:.0f}" height="{height:.0f}" '
                         f'viewBox="{x0:.3f} {y0:.3f} {x1 - x0:.3f} {y1 - y0:.3f}">')
            for polygon in polygons or []:
                points = " ".join(f"{x:.3f},{y:.3f}" for x, y in polygon)
                parts.append(f'<polygon points="{points}" fill="#1a1a1a" fill-rule="nonzero"/>')
            parts.append("</svg>")
        top += height
    parts.append("</svg>")
    with open(OUTPUT, "w") as file:
        file.write("\n".join(parts) + "\n")
    print(f"wrote {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
