#!/usr/bin/env python3
"""Draws docs/images/dense-input.svg: one real 240 Hz Apple Pencil stroke (positions rounded to
half points by the recording) with a 7-point constant brush, its first quarter second zoomed 5× (outlines fitted to that zoom), three ways — the default's spline
through every sample (as it was before it denoised; `--denoise 0`), the default as it is, and
perfect-freehand's centreline (its getStrokePoints, streamline 0.5, from the PyPI package) with the
same brush.

Usage: tools/dense_picture.py [SHARED_DATA] (default ../shared/data). Needs the PyPI package
perfect-freehand (`pip install perfect-freehand`, or on PYTHONPATH) and a built `freehand`
(FREEHAND=path, else .build/release/freehand, else .build/debug/freehand).
"""
import json
import os
import subprocess
import sys
import tempfile

from perfect_freehand import get_stroke_points

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data")
SOURCE = os.path.join(DATA, "inkable-apple-pencil", "strokes", "pencil-antigrain.json")
OUTPUT = os.path.join(ROOT, "docs", "images", "dense-input.svg")
ZOOM, MARGIN, LABEL = 5.0, 6.0, 22.0
# The part of the stroke shown, by sample index: its slow, long strokes, where rounding shows most.
FIRST, LAST = 0, 62


def freehand():
    for candidate in [os.environ.get("FREEHAND"), ".build/release/freehand", ".build/debug/freehand"]:
        if candidate and os.path.exists(os.path.join(ROOT, candidate)):
            return os.path.join(ROOT, candidate)
    sys.exit("no freehand binary: swift build -c release --product freehand first")


def outline(path, *options):
    """The outline polygon of the file's first stroke, with a 7-point constant brush."""
    text = subprocess.run(
        [freehand(), "outline", *options, "--scale", str(ZOOM), "--brush", "constant", "--width", "7", path],
        check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return json.loads(text)["strokes"][0]["outline"]


def main():
    recording = json.load(open(SOURCE))
    points = recording["strokes"][0]["points"]
    with tempfile.TemporaryDirectory() as folder:
        only = os.path.join(folder, "stroke.json")
        json.dump({"strokes": [{"points": points}]}, open(only, "w"))
        streamlined = get_stroke_points([(p["x"], p["y"]) for p in points], size=16, streamline=0.5, last=True)
        reference = os.path.join(folder, "perfect-freehand.json")
        json.dump({"strokes": [{"points": [{"x": s["point"][0], "y": s["point"][1]} for s in streamlined]}]}, open(reference, "w"))
        panels = [
            ("before: the spline through every sample", outline(only, "--denoise", "0")),
            ("now: denoised (±24 ms), then the spline", outline(only)),
            ("perfect-freehand (streamline 0.5)", outline(reference, "--technique", "linear")),
        ]
    shown = points[FIRST:LAST]
    left, top = min(p["x"] for p in shown) - MARGIN, min(p["y"] for p in shown) - MARGIN
    box_width, box_height = max(p["x"] for p in shown) - left + MARGIN, max(p["y"] for p in shown) - top + MARGIN
    width, height = box_width * ZOOM, box_height * ZOOM
    total = width * len(panels)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total:.0f}" height="{height + LABEL:.0f}" '
             f'viewBox="0 0 {total:.0f} {height + LABEL:.0f}" font-family="sans-serif" font-size="13">',
             f'<rect width="{total:.0f}" height="{height + LABEL:.0f}" fill="white"/>']
    for index, (label, polygon) in enumerate(panels):
        x0 = index * width
        path = " ".join(f"{x:.3f},{y:.3f}" for x, y in polygon)
        # A nested viewport: the panel shows (and clips to) the chosen part at ZOOM×.
        parts.append(f'<svg x="{x0:.0f}" y="{LABEL:.0f}" width="{width:.0f}" height="{height:.0f}" '
                     f'viewBox="{left:.3f} {top:.3f} {box_width:.3f} {box_height:.3f}">'
                     f'<polygon points="{path}" fill="#1a1a1a" fill-rule="nonzero"/></svg>')
        parts.append(f'<text x="{x0 + 8:.0f}" y="15" fill="#444">{label}</text>')
        if index:
            parts.append(f'<line x1="{x0:.0f}" y1="0" x2="{x0:.0f}" y2="{height + LABEL:.0f}" stroke="#ddd"/>')
    parts.append("</svg>")
    with open(OUTPUT, "w") as file:
        file.write("\n".join(parts) + "\n")
    print(f"wrote {os.path.relpath(OUTPUT, ROOT)}")


if __name__ == "__main__":
    main()
