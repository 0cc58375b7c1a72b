// The static playground: live ink from the WebAssembly engine, drawn on two canvases — the
// finished ink, cached, and the stroke being drawn, redrawn each pointer event.
import { load } from "./freehand.js";

const LOOKS = [
  { label: "Pen", brush: "handwriting" },
  { label: "Signature", brush: "signature" },
  { label: "Pencil", brush: "sketch" },
  { label: "Fountain pen", brush: "fountain-pen" },
  { label: "Highlighter", brush: "highlighter", color: "#f5c400" },
];
const SAMPLES = ["hey.json", "ink-pen.json"];

const sheet = document.getElementById("sheet");
const inkCanvas = document.getElementById("ink"), liveCanvas = document.getElementById("live");
const ink = inkCanvas.getContext("2d"), live = liveCanvas.getContext("2d");
const status = document.getElementById("status");

const state = {
  engine: null,
  look: LOOKS[0],
  snap: true,
  /** Finished strokes: `{pieces: [{polygon, opacity, multiply}], color}`; one undo step each group. */
  strokes: [],
  /** Undo steps: `{added: n}` strokes, or `{cleared: strokes}`. */
  steps: [],
  current: null,
  /** Milliseconds each pointer move took, engine and drawing (for the tests and the curious). */
  moveTimes: [],
  sample: 0,
};
window.freehandPage = state;

function resize() {
  const ratio = window.devicePixelRatio || 1, box = sheet.getBoundingClientRect();
  for (const canvas of [inkCanvas, liveCanvas]) {
    canvas.width = Math.round(box.width * ratio);
    canvas.height = Math.round(box.height * ratio);
    canvas.getContext("2d").setTransform(ratio, 0, 0, ratio, 0, 0);
  }
  redraw();
}

function fillPieces(context, pieces, color) {
  for (const piece of pieces) fillAsOneShape(context, [piece], color);
}

/** True when a stroke's pieces may be drawn one by one as they come (opaque, over). */
const isOpaque = (piece) => piece.opacity >= 1 && !piece.multiply;

function redraw() {
  ink.clearRect(0, 0, inkCanvas.width, inkCanvas.height);
  for (const stroke of state.strokes) drawFinished(stroke);
}

/** A finished stroke: translucent ink filled as one shape, so that its pieces never double up. */
function drawFinished(stroke) {
  if (stroke.pieces.every(isOpaque)) fillPieces(ink, stroke.pieces, stroke.color);
  else fillAsOneShape(ink, stroke.pieces, stroke.color);
}

/** `pieces` filled together (non-zero), at the first piece's opacity and layering. */
function fillAsOneShape(context, pieces, color) {
  if (pieces.length === 0) return;
  context.fillStyle = color;
  context.globalAlpha = pieces[0].opacity;
  context.globalCompositeOperation = pieces[0].multiply ? "multiply" : "source-over";
  context.beginPath();
  for (const piece of pieces) {
    const p = piece.polygon;
    context.moveTo(p[0], p[1]);
    for (let i = 2; i < p.length; i += 2) context.lineTo(p[i], p[i + 1]);
    context.closePath();
  }
  context.fill("nonzero");
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
}

const copy = (piece) => ({ polygon: piece.polygon.slice(), opacity: piece.opacity, multiply: piece.multiply });

function sampleOf(event, box) {
  const sample = { x: event.clientX - box.left, y: event.clientY - box.top, t: event.timeStamp / 1000 };
  if (event.pointerType === "pen") {
    sample.force = event.pressure;
    if (typeof event.altitudeAngle === "number") {
      sample.altitude = event.altitudeAngle;
      sample.azimuth = event.azimuthAngle;
    }
  } else if (event.pointerType === "touch" && event.width > 1) {
    sample.radius = event.width / 2;
  }
  return sample;
}

/** Draws what an update changed: committed pieces kept, the live stroke redrawn on its canvas. */
function show(update) {
  const stroke = state.current.stroke;
  if (update.replaces) stroke.pieces = [];
  for (const piece of update.committed) {
    const kept = copy(piece);
    stroke.pieces.push(kept);
    if (isOpaque(kept) && !update.replaces) fillPieces(ink, [kept], stroke.color);
  }
  live.clearRect(0, 0, liveCanvas.width, liveCanvas.height);
  const translucent = stroke.pieces.filter((piece) => !isOpaque(piece));
  const tail = update.provisional ? [update.provisional] : [];
  if (translucent.length > 0 || (update.provisional && !isOpaque(update.provisional))) {
    // One shape, one fill: translucent ink does not darken where its pieces meet.
    fillAsOneShape(live, translucent.concat(tail), stroke.color);
  } else {
    fillPieces(live, tail, stroke.color);
  }
}

sheet.addEventListener("pointerdown", (event) => {
  if (!state.engine || state.current) return;
  sheet.setPointerCapture(event.pointerId);
  const pointer = event.pointerType === "touch" ? "finger" : event.pointerType === "mouse" ? "mouse" : "pen";
  const liveStroke = state.engine.begin({ brush: state.look.brush, pointer });
  state.current = { id: event.pointerId, live: liveStroke, stroke: { pieces: [], color: state.look.color ?? "#1d1d1f" } };
  const box = sheet.getBoundingClientRect();
  show(liveStroke.add([sampleOf(event, box)]));
});

sheet.addEventListener("pointermove", (event) => {
  if (!state.current || event.pointerId !== state.current.id) return;
  const started = performance.now();
  const box = sheet.getBoundingClientRect();
  const coalesced = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  const samples = (coalesced.length > 0 ? coalesced : [event]).map((e) => sampleOf(e, box));
  const predicted = (event.getPredictedEvents ? event.getPredictedEvents() : []).map((e) => sampleOf(e, box));
  show(state.current.live.add(samples, predicted));
  state.moveTimes.push(performance.now() - started);
});

function finish(event) {
  if (!state.current || event.pointerId !== state.current.id) return;
  const { live: liveStroke, stroke } = state.current;
  const update = liveStroke.end({ snap: state.snap });
  show(update);
  liveStroke.free();
  live.clearRect(0, 0, liveCanvas.width, liveCanvas.height);
  state.strokes.push(stroke);
  state.steps.push({ added: 1 });
  state.current = null;
  if (update.replaces || !stroke.pieces.every(isOpaque)) redraw();
  if (update.shape) status.textContent = `Snapped to a ${update.shape}`;
}
sheet.addEventListener("pointerup", finish);
sheet.addEventListener("pointercancel", finish);

/** Shows a bundled drawing, fitted to the sheet: one undo step. */
async function showSample() {
  const name = SAMPLES[state.sample++ % SAMPLES.length];
  const text = await (await fetch(name)).text();
  const outlines = state.engine.outlines(text);
  const points = outlines.flatMap((stroke) => stroke.outline);
  if (points.length === 0) return;
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const box = sheet.getBoundingClientRect();
  const scale = Math.min((box.width * 0.8) / (maxX - minX || 1), (box.height * 0.8) / (maxY - minY || 1));
  const dx = (box.width - scale * (maxX + minX)) / 2, dy = (box.height - scale * (maxY + minY)) / 2;
  for (const stroke of outlines) {
    const polygon = new Float64Array(stroke.outline.flatMap(([x, y]) => [x * scale + dx, y * scale + dy]));
    const finished = { pieces: [{ polygon, opacity: stroke.opacity, multiply: false }], color: "#1d1d1f" };
    state.strokes.push(finished);
    drawFinished(finished);
  }
  state.steps.push({ added: outlines.length });
}

function buildLooks() {
  const nav = document.getElementById("looks");
  for (const look of LOOKS) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = look.label;
    button.dataset.brush = look.brush;
    button.setAttribute("aria-pressed", String(look === state.look));
    button.addEventListener("click", () => {
      state.look = look;
      for (const other of nav.children) other.setAttribute("aria-pressed", String(other === button));
    });
    nav.appendChild(button);
  }
}

document.getElementById("undo").addEventListener("click", () => {
  const step = state.steps.pop();
  if (!step) return;
  if (step.cleared) state.strokes = step.cleared;
  else state.strokes.splice(state.strokes.length - step.added, step.added);
  redraw();
});
document.getElementById("clear").addEventListener("click", () => {
  if (state.strokes.length === 0) return;
  state.steps.push({ cleared: state.strokes });
  state.strokes = [];
  redraw();
});
const snapButton = document.getElementById("snap");
snapButton.addEventListener("click", () => {
  state.snap = !state.snap;
  snapButton.setAttribute("aria-pressed", String(state.snap));
  snapButton.textContent = `Hold to snap: ${state.snap ? "on" : "off"}`;
});
document.getElementById("sample").addEventListener("click", () => showSample().catch((error) => (status.textContent = error.message)));

buildLooks();
window.addEventListener("resize", resize);
resize();
load()
  .then((engine) => {
    state.engine = engine;
    status.textContent = "Ready — draw anywhere on the sheet";
    document.body.dataset.ready = "true";
  })
  .catch((error) => {
    status.textContent = `The ink engine did not load: ${error.message}`;
  });
