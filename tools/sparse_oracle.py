#!/usr/bin/env python3
"""How close could any interpolation through sparse samples come? The default technique as the ink
draws it (`freehand smooth`: its denoiser and hook rules) against offline splines that know the
whole stroke — global cubic, quintic and septic interpolating splines in time (scipy) — and straight
lines, on every timed recording of ../shared/data thinned as `freehand evaluate` thins (every
step-th sample and the last; step = sample rate / RATE). Distances of the held-back samples to each
curve, in points, over the strokes every curve can be drawn through: timed, 8 kept samples or more,
no repeated position (a subset of what `freehand evaluate` measures: compare ratios, not its
figures). Needs python3-numpy and python3-scipy (Debian).

    tools/sparse_oracle.py FREEHAND_BINARY [RATE]        (RATE: hertz, default 30)
"""
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile

import numpy as np
from scipy.interpolate import CubicSpline, make_interp_spline

SHARED = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "data"


def distances(points, polyline):
    """The distance from each of `points` to the polyline `polyline` (arrays of x, y)."""
    a, b = polyline[:-1], polyline[1:]
    ab = b - a
    lengths = (ab ** 2).sum(1) + 1e-12
    best = np.full(len(points), np.inf)
    for start in range(0, len(a), 2000):
        ap = points[:, None, :] - a[None, start:start + 2000]
        u = np.clip((ap * ab[None, start:start + 2000]).sum(2) / lengths[None, start:start + 2000], 0, 1)
        nearest = np.sqrt(((ap - u[..., None] * ab[None, start:start + 2000]) ** 2).sum(2)).min(1)
        best = np.minimum(best, nearest)
    return best


def smooth(binary, path, *options):
    """Each stroke's centreline as `freehand smooth` writes it, flattened within 0.01 pt as `freehand
    evaluate` flattens."""
    command = [binary, "smooth", str(path), "--precision", "exact", "--tolerance", "0.01", *options]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(result.stdout)["strokes"]


def spline(times, points, degree):
    """The interpolating spline of `degree` through `points` at `times`, sampled 30 times a span."""
    curve = CubicSpline(times, points) if degree == 3 else make_interp_spline(times, points, k=degree)
    between = [np.linspace(times[i], times[i + 1], 30, endpoint=False) for i in range(len(times) - 1)]
    return curve(np.concatenate(between + [[times[-1]]]))


def main():
    binary, rate = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 30.0
    if not SHARED.is_dir():
        sys.exit(f"sparse_oracle: {SHARED} is absent (the shared recordings)")
    found = {}
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="freehand-sparse-oracle-")) / "thinned.json"
    for path in sorted(SHARED.glob("*/strokes/*.json")):
        document = json.loads(path.read_text())
        strokes = [stroke["points"] for stroke in document["strokes"]]
        if any(point["t"] is None for stroke in strokes for point in stroke):
            continue
        intervals = [b["t"] - a["t"] for stroke in strokes for a, b in zip(stroke, stroke[1:]) if b["t"] > a["t"]]
        sample_rate = document.get("sample_rate_hz") or (1 / statistics.median(intervals) if intervals else None)
        step = int(round(sample_rate / rate)) if sample_rate else 1
        if step <= 1:
            continue
        kept = []
        for stroke in strokes:
            if len(stroke) > 2:
                indices = list(range(0, len(stroke), step)) + ([len(stroke) - 1] if (len(stroke) - 1) % step else [])
                kept.append((stroke, indices))
        thinned = dict(document, strokes=[{"points": [stroke[i] for i in indices]} for stroke, indices in kept])
        scratch.write_text(json.dumps(thinned))
        drawn, straight = smooth(binary, scratch), smooth(binary, scratch, "--technique", "linear")
        for (stroke, indices), curve, line in zip(kept, drawn, straight):
            line = np.array(line["points"], float)
            times = np.array([stroke[i]["t"] for i in indices])
            held = [i for i in range(len(stroke)) if i % step and i != len(stroke) - 1]
            # Strokes of 8 kept samples or more (a septic spline needs 8), timed, with no repeat merged.
            if len(line) != len(indices) or not held or len(indices) < 8 or np.any(np.diff(times) <= 0):
                continue
            # The recording's units to points: straight lines pass through every kept sample.
            raw = np.array([[point["x"], point["y"]] for point in stroke], float)
            to_points = np.linalg.lstsq(np.column_stack([raw[indices], np.ones(len(indices))]), line, rcond=None)[0]
            points = np.column_stack([raw, np.ones(len(raw))]) @ to_points
            truth, samples = points[held], points[indices]
            for name, polyline in [("linear", samples), ("freehand, as the ink draws it", np.array(curve["points"], float)),
                                   ("global cubic spline in time", spline(times, samples, 3)),
                                   ("global quintic spline in time", spline(times, samples, 5)),
                                   ("global septic spline in time", spline(times, samples, 7))]:
                found.setdefault(name, []).append(distances(truth, polyline))
    scratch.unlink(missing_ok=True)
    scratch.parent.rmdir()
    print(f"| curve through the samples at {rate:g} Hz | held-back samples | mean (pt) | p95 (pt) |")
    print("| --- | --- | --- | --- |")
    for name, parts in found.items():
        values = np.concatenate(parts)
        print(f"| {name} | {len(values)} | {values.mean():.4f} | {np.percentile(values, 95):.4f} |")


if __name__ == "__main__":
    main()
