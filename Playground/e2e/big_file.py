#!/usr/bin/python3
"""Writes a drawing of 1,000 strokes × 1,000 samples (1,000,000 in all: the playground's sample
limit) as JSON, for the heavy load test (`freehand convert` it to .fhb to fit the 8 MiB body limit).
Usage: big_file.py OUT.json"""
import json, math, sys

strokes = []
for s in range(1000):
    left, top = (s % 40) * 60, (s // 40) * 60
    strokes.append({"points": [{"x": round(left + 25 + 20 * math.cos(i / 60 + s), 2), "y": round(top + 25 + 20 * math.sin(i / 45), 2),
                                "time": i * 4, "pressure": round(0.5 + 0.3 * math.sin(i / 20), 3)} for i in range(1000)]})
with open(sys.argv[1], "w") as out:
    json.dump({"strokes": strokes}, out)
