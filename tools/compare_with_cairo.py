#!/usr/bin/python3
"""Renders the same outlines with FreehandKit and with Cairo and reports the per-pixel difference.

Usage: tools/compare_with_cairo.py [FREEHAND_BINARY] [INK_FILE ...]
       (defaults: .build/release/freehand, every JSON fixture in Tests/FreehandKitTests/Fixtures)

For each ink file, `freehand outline` writes the outline polygons and `freehand render --size --scale`
draws the same polygons (the pipeline is deterministic) to a PNG; Cairo fills the outline JSON's
polygons with the non-zero rule on an identical canvas. Prints, per file and overall, the largest and
the mean absolute difference over every channel of every pixel, in 1/255 steps.
Needs pycairo (Debian: python3-cairo).
"""
import json, math, os, subprocess, sys, tempfile

import cairo

BRUSH = ["--brush", "pressure", "--sensitivity", "6"]


def compare(binary, path, folder):
    outline_path = os.path.join(folder, "outline.json")
    ours_path = os.path.join(folder, "ours.png")
    subprocess.run([binary, "outline", path, *BRUSH, "-o", outline_path], check=True)
    with open(outline_path) as handle:
        strokes = json.load(handle)["strokes"]
    points = [point for stroke in strokes for point in stroke["outline"]]
    if not points:
        return None
    width = max(1, math.ceil(max(x for x, _ in points)))
    height = max(1, math.ceil(max(y for _, y in points)))
    scale = min(4.0, 1200.0 / max(width, height))
    subprocess.run([binary, "render", path, *BRUSH, "--size", f"{width}x{height}", "--scale", repr(scale), "-o", ours_path], check=True)
    ours = cairo.ImageSurface.create_from_png(ours_path)
    reference = cairo.ImageSurface(cairo.FORMAT_ARGB32, ours.get_width(), ours.get_height())
    context = cairo.Context(reference)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    context.scale(scale, scale)
    context.set_fill_rule(cairo.FILL_RULE_WINDING)
    for stroke in strokes:
        polygon = stroke["outline"]
        if len(polygon) < 3:
            continue
        context.move_to(*polygon[0])
        for point in polygon[1:]:
            context.line_to(*point)
        context.close_path()
        context.set_source_rgba(0, 0, 0, stroke["opacity"])
        context.fill()
    reference.flush()
    a, b = bytes(reference.get_data()), bytes(ours.get_data())
    return [abs(x - y) for x, y in zip(a, b)]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/freehand"
    fixtures = "Tests/FreehandKitTests/Fixtures"
    inputs = sys.argv[2:] or sorted(os.path.join(fixtures, n) for n in os.listdir(fixtures) if n.endswith(".json"))
    worst, total, count = 0, 0, 0
    with tempfile.TemporaryDirectory() as folder:
        for path in inputs:
            differences = compare(binary, path, folder)
            if not differences:
                continue
            print(f"{os.path.basename(path):40s} max {max(differences):3d}/255  mean {sum(differences) / len(differences):.4f}/255")
            worst = max(worst, max(differences))
            total += sum(differences)
            count += len(differences)
    print(f"{'all':40s} max {worst:3d}/255  mean {total / max(1, count):.4f}/255")


if __name__ == "__main__":
    main()
