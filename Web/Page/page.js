// The static playground: the ink session (the same Swift code an iPad view drives) compiled to
// WebAssembly, drawn on two canvases — the finished ink, redrawn only when it changes, and the
// strokes being drawn with the selection, redrawn each pointer event.
import { load } from "./freehand.js";

const TOOLS = [
  { label: "Pen", preset: "handwriting", color: "#1d1d1f" },
  { label: "Signature", preset: "signature", color: "#1d1d1f" },
  { label: "Pencil", preset: "sketch", color: "#3a3a3c" },
  { label: "Fountain pen", preset: "fountain-pen", color: "#16307a" },
  { label: "Highlighter", preset: "highlighter", color: "#f5c400" },
  { label: "Eraser", role: "erase" },
  { label: "Select", role: "select" },
];
const SAMPLES = ["hey.json", "ink-pen.json"];

const sheet = document.getElementById("sheet");
const inkCanvas = document.getElementById("ink"), liveCanvas = document.getElementById("live");
const ink = inkCanvas.getContext("2d"), live = liveCanvas.getContext("2d");
const status = document.getElementById("status");

const state = {
  engine: null,
  session: null,
  tool: TOOLS[0],
  snap: true,
  /** Live strokes by pointer: `{pieces (translucent ones kept to redraw), color, erases}`. */
  live: new Map(),
  /** Milliseconds each pointer move took, engine and drawing (for the tests and the curious). */
  moveTimes: [],
  sample: 0,
};
window.freehandPage = state;

const css = ([r, g, b, a]) => `rgba(${Math.round(r * 255)}, ${Math.round(g * 255)}, ${Math.round(b * 255)}, ${a})`;
const isOpaque = (piece) => piece.opacity >= 1 && !piece.multiply;
const copy = (piece) => ({ polygon: piece.polygon.slice(), opacity: piece.opacity, multiply: piece.multiply });

function resize() {
  const ratio = window.devicePixelRatio || 1, box = sheet.getBoundingClientRect();
  for (const canvas of [inkCanvas, liveCanvas]) {
    canvas.width = Math.round(box.width * ratio);
    canvas.height = Math.round(box.height * ratio);
    canvas.getContext("2d").setTransform(ratio, 0, 0, ratio, 0, 0);
  }
  redrawFinished();
  redrawLive();
}

/** Adds the closed polygon `points` (x₀, y₀, …) to the context's path. */
function trace(context, points) {
  if (points.length < 2) return;
  context.moveTo(points[0], points[1]);
  for (let i = 2; i < points.length; i += 2) context.lineTo(points[i], points[i + 1]);
  context.closePath();
}

/** `pieces` filled together, at the first one's opacity and layering (one shape, one fill). */
function fillTogether(context, pieces, color, rule = "nonzero") {
  if (pieces.length === 0) return;
  context.fillStyle = color;
  context.globalAlpha = pieces[0].opacity;
  context.globalCompositeOperation = pieces[0].multiply ? "multiply" : "source-over";
  context.beginPath();
  for (const piece of pieces) {
    trace(context, piece.polygon);
    for (const hole of piece.holes ?? []) trace(context, hole);
  }
  context.fill(rule);
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
}

/** The finished ink, from the session's kept outlines. */
function redrawFinished() {
  ink.clearRect(0, 0, inkCanvas.width, inkCanvas.height);
  if (!state.session) return;
  for (const stroke of state.session.ink()) fillTogether(ink, [stroke], css(stroke.color), "evenodd");
}

/** The live strokes (translucent pieces and provisional tails) and the selection. */
function redrawLive() {
  live.clearRect(0, 0, liveCanvas.width, liveCanvas.height);
  for (const stroke of state.live.values()) {
    const pieces = stroke.tail ? stroke.pieces.concat([stroke.tail]) : stroke.pieces;
    if (stroke.erases) fillTogether(live, pieces.map((p) => ({ ...p, opacity: 0.25, multiply: false })), "#8e8e93");
    else fillTogether(live, pieces, stroke.color);
  }
  if (!state.session) return;
  const selection = state.session.selection();
  live.setLineDash([6, 4]);
  live.strokeStyle = "#0a66d8";
  live.lineWidth = 1.5;
  if (selection.lasso.length >= 4) {
    live.beginPath();
    trace(live, selection.lasso);
    live.stroke();
  }
  if (selection.bounds) {
    const { minX, minY, maxX, maxY } = selection.bounds;
    live.strokeRect(minX - 6, minY - 6, maxX - minX + 12, maxY - minY + 12);
  }
  live.setLineDash([]);
  document.getElementById("selected").hidden = selection.count === 0;
}

/** Draws what a session report says changed. */
function show(report) {
  for (const change of report.live) {
    let stroke = state.live.get(change.pointer);
    if (!stroke) {
      stroke = { pieces: [], color: css(change.color), erases: change.erases, tail: null };
      state.live.set(change.pointer, stroke);
    }
    for (const piece of change.committed) {
      // Opaque ink goes straight onto the finished canvas; translucent ink waits to be filled as one.
      if (isOpaque(piece) && !change.erases) fillTogether(ink, [piece], stroke.color);
      else stroke.pieces.push(copy(piece));
    }
    stroke.tail = change.provisional ? copy(change.provisional) : null;
    if (change.change === "ended" || change.change === "cancelled") state.live.delete(change.pointer);
  }
  if (report.repaint) redrawFinished();
  redrawLive();
}

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

const pointerKind = (event) => (event.pointerType === "touch" ? "finger" : event.pointerType === "mouse" ? "mouse" : "pen");

sheet.addEventListener("pointerdown", (event) => {
  if (!state.session) return;
  sheet.setPointerCapture(event.pointerId);
  const box = sheet.getBoundingClientRect(), first = sampleOf(event, box);
  const role = state.tool.role ?? "draw";
  show(state.session.begin(event.pointerId, { pointer: pointerKind(event), role, x: first.x, y: first.y }));
  show(state.session.add(event.pointerId, [first]));
});

/** One pointer event's samples (its coalesced ones) and predicted ones through the engine and onto
 *  the canvas; the time it took is kept in `moveTimes`. */
function move(pointerId, samples, predicted) {
  const started = performance.now();
  show(state.session.add(pointerId, samples, predicted));
  state.moveTimes.push(performance.now() - started);
}
state.move = move;

sheet.addEventListener("pointermove", (event) => {
  if (!state.session || !sheet.hasPointerCapture(event.pointerId)) return;
  const box = sheet.getBoundingClientRect();
  const coalesced = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  const samples = (coalesced.length > 0 ? coalesced : [event]).map((e) => sampleOf(e, box));
  const predicted = (event.getPredictedEvents ? event.getPredictedEvents() : []).map((e) => sampleOf(e, box));
  move(event.pointerId, samples, predicted);
});

function finish(event) {
  if (!state.session) return;
  const report = state.session.end(event.pointerId, { cancel: event.type === "pointercancel" });
  show(report);
}
sheet.addEventListener("pointerup", finish);
sheet.addEventListener("pointercancel", finish);

/** Opens a bundled drawing onto the page: one undo step. */
async function showSample() {
  const name = SAMPLES[state.sample++ % SAMPLES.length];
  const box = sheet.getBoundingClientRect();
  const fit = { x: box.width * 0.1, y: box.height * 0.1, width: box.width * 0.8, height: box.height * 0.8 };
  show(state.session.open(new Uint8Array(await (await fetch(name)).arrayBuffer()), { fit }));
}

function choose(tool) {
  state.tool = tool;
  if (tool.preset) state.session?.pen({ preset: tool.preset, color: tool.color, snap: state.snap });
  for (const button of document.getElementById("looks").children) {
    button.setAttribute("aria-pressed", String(button.textContent === tool.label));
  }
  if (tool.role !== "select" && state.session) show(state.session.clearSelection());
}

function buildTools() {
  const nav = document.getElementById("looks");
  for (const tool of TOOLS) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = tool.label;
    button.addEventListener("click", () => choose(tool));
    nav.appendChild(button);
  }
}

const on = (id, action) => document.getElementById(id).addEventListener("click", () => {
  if (state.session) show(action(state.session));
});
on("undo", (session) => session.undo());
on("redo", (session) => session.redo());
on("clear", (session) => session.clear());
on("delete", (session) => session.deleteSelection());
on("duplicate", (session) => session.duplicateSelection());
const snapButton = document.getElementById("snap");
snapButton.addEventListener("click", () => {
  state.snap = !state.snap;
  snapButton.setAttribute("aria-pressed", String(state.snap));
  snapButton.textContent = `Hold to snap: ${state.snap ? "on" : "off"}`;
  choose(state.tool.preset ? state.tool : TOOLS[0]);
});
document.getElementById("sample").addEventListener("click", () => showSample().catch((error) => (status.textContent = error.message)));
document.getElementById("save").addEventListener("click", () => {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([state.session.save()], { type: "application/json" }));
  link.download = "drawing.json";
  link.click();
  URL.revokeObjectURL(link.href);
});

buildTools();
window.addEventListener("resize", resize);
// An engine that trapped (its memory ran out mid-stroke) answers every call with EngineStopped: say
// so once, where the page says everything, instead of failing silently at each pointer event.
window.addEventListener("error", (event) => {
  if (event.error?.name !== "EngineStopped") return;
  status.textContent = "The ink engine stopped (its memory ran out): reload the page to draw again";
  event.preventDefault();
});
load()
  .then((engine) => {
    state.engine = engine;
    state.session = engine.session();
    choose(TOOLS[0]);
    resize();
    status.textContent = "Ready — draw anywhere on the sheet";
    document.body.dataset.ready = "true";
  })
  .catch((error) => {
    status.textContent = `The ink engine did not load: ${error.message}`;
  });
