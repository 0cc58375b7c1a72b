#!/usr/bin/env python3
"""Prints perfect-freehand's centreline (getStrokePoints: streamline 0.5, size 16, a finished
stroke) of the first 40 samples of Tests/FreehandKitTests/Fixtures/perfect-freehand-corners.json,
from the PyPI package perfect-freehand, as the Swift literal that
EvaluationTests.theReferenceCentrelineIsPerfectFreehandsOwn pins (FreehandEvaluation's
PerfectFreehandCentreline is written from the published algorithm; this checks it against the
package). Usage: pip install perfect-freehand; tools/perfect_freehand_points.py
"""
import json
import os

from perfect_freehand import get_stroke_points

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
path = os.path.join(ROOT, "Tests", "FreehandKitTests", "Fixtures", "perfect-freehand-corners.json")
points = json.load(open(path))["strokes"][0]["points"][:40]
stroke = get_stroke_points([(p["x"], p["y"]) for p in points], size=16, streamline=0.5, last=True)
print("[" + ", ".join(f"Point({s['point'][0]!r}, {s['point'][1]!r})" for s in stroke) + "]")
