// FreehandKit playground: pointer events in, server-smoothed ink out. Two layers: committed ink is
// drawn once; the live layer (provisional tails, eraser trails) is redrawn every frame.
"use strict";

// The names come from the server's catalogues (/catalog.js, loaded before this script).
const techniques = catalog.techniques;
// The default brush first.
const brushes = ["pressure", ...catalog.brushes.filter((name) => name !== "pressure")];
const $ = (id) => document.getElementById(id);
const committedCanvas = $("committed"), liveCanvas = $("live"), comparisonCanvas = $("comparison");
const live = new Map();          // pointerId → { provisional, color, erases, trail }
let socket = null;
let pendingExport = null;        // what to do with the next export answer
let selection = { indices: [], bounds: null };  // the server's selection; bounds [x0, y0, x1, y1]

function fillSelect(select, names) {
  for (const name of names) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.appendChild(option);
  }
}
fillSelect($("technique"), techniques);
fillSelect($("brush"), brushes);
fillSelect($("compare"), techniques);

function resize(canvas) {
  const ratio = window.devicePixelRatio || 1, box = canvas.getBoundingClientRect();
  canvas.width = Math.round(box.width * ratio);
  canvas.height = Math.round(box.height * ratio);
  const context = canvas.getContext("2d");
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}
let committed = resize(committedCanvas), liveContext = resize(liveCanvas), comparison = resize(comparisonCanvas);
let lastDrawing = [];

function fillPiece(context, piece, color) {
  if (piece.points.length < 6) return;
  context.beginPath();
  // The outline, then its holes (rings turning the other way: the non-zero fill leaves them empty).
  for (const p of [piece.points, ...(piece.holes || [])]) {
    if (p.length < 6) continue;
    context.moveTo(p[0], p[1]);
    for (let i = 2; i < p.length; i += 2) context.lineTo(p[i], p[i + 1]);
    context.closePath();
  }
  context.globalAlpha = piece.opacity;
  // A highlighter multiplies with the ink under it: it tints, never hides.
  if (piece.blend === "multiply") context.globalCompositeOperation = "multiply";
  context.fillStyle = color;
  context.fill("nonzero");
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
}

function drawStrokes(context, canvas, strokes) {
  context.clearRect(0, 0, canvas.width, canvas.height);
  for (const stroke of strokes) fillPiece(context, stroke.piece, stroke.color);
}

// The corner handles of the selection's box [x0, y0, x1, y1] (drawn 4 px outside the ink).
function handles(b) { return [[b[0] - 4, b[1] - 4], [b[2] + 4, b[1] - 4], [b[2] + 4, b[3] + 4], [b[0] - 4, b[3] + 4]]; }

function drawSelection(offset, scale) {
  if (!selection.bounds) return;
  let [x0, y0, x1, y1] = selection.bounds.map((value, index) => value + (index % 2 ? offset.y : offset.x));
  if (scale) {
    const [ax, ay] = scale.anchor, f = scale.factor;
    [x0, x1] = [ax + (x0 - ax) * f, ax + (x1 - ax) * f].sort((a, b) => a - b);
    [y0, y1] = [ay + (y0 - ay) * f, ay + (y1 - ay) * f].sort((a, b) => a - b);
  }
  liveContext.save();
  liveContext.strokeStyle = "#2f6fd6";
  liveContext.lineWidth = 1;
  liveContext.setLineDash([5, 4]);
  liveContext.strokeRect(x0 - 4, y0 - 4, x1 - x0 + 8, y1 - y0 + 8);
  liveContext.setLineDash([]);
  liveContext.fillStyle = "#ffffff";
  for (const [x, y] of handles([x0, y0, x1, y1])) {
    liveContext.fillRect(x - 4, y - 4, 8, 8);
    liveContext.strokeRect(x - 4, y - 4, 8, 8);
  }
  liveContext.restore();
}

function drawLive() {
  liveContext.clearRect(0, 0, liveCanvas.width, liveCanvas.height);
  let offset = { x: 0, y: 0 }, scale = null;
  for (const state of live.values()) {
    if (state.selects && state.dragFrom && state.trail.length) {
      const last = state.trail[state.trail.length - 1];
      offset = { x: last.x - state.dragFrom.x, y: last.y - state.dragFrom.y };
    }
    if (state.resize && state.trail.length) scale = { anchor: state.resize.anchor, factor: resizeFactor(state) };
  }
  drawSelection(offset, scale);
  for (const state of live.values()) {
    if (state.selects) {
      if (!state.dragFrom && !state.resize && state.trail.length > 1) {
        liveContext.save();
        liveContext.strokeStyle = "#2f6fd6";
        liveContext.setLineDash([6, 5]);
        liveContext.beginPath();
        state.trail.forEach((point, index) => index ? liveContext.lineTo(point.x, point.y) : liveContext.moveTo(point.x, point.y));
        liveContext.closePath();
        liveContext.stroke();
        liveContext.restore();
      }
      continue;
    }
    if (state.erases) {
      liveContext.strokeStyle = "rgba(120,120,120,0.35)";
      liveContext.lineWidth = 16;
      liveContext.lineCap = liveContext.lineJoin = "round";
      liveContext.beginPath();
      state.trail.forEach((point, index) => index ? liveContext.lineTo(point.x, point.y) : liveContext.moveTo(point.x, point.y));
      liveContext.stroke();
    } else if (state.provisional) {
      fillPiece(liveContext, state.provisional, $("tint").checked ? "#2f6fd6" : state.color);
    }
  }
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function sendSettings() {
  send({ type: "settings", settings: {
    technique: $("technique").value, brush: $("brush").value, color: $("color").value,
    width: parseFloat($("width").value), tool: $("lasso").checked ? "lasso" : ($("eraser").checked ? "eraser" : "pen"),
    snap: $("snap").checked,
    stabilizer: $("stabilizer").value ? $("stabilizer").value + ":" + $("strength").value : null } });
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/live`);
  socket.onopen = () => { $("status").textContent = "connected"; sendSettings(); };
  socket.onclose = () => { $("status").textContent = "disconnected — reconnecting"; setTimeout(connect, 1000); };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
}

function receive(message) {
  switch (message.type) {
  case "ink": {
    const state = live.get(message.id) || { trail: [] };
    state.color = message.color;
    state.erases = message.erases;
    if (!message.erases) for (const piece of message.committed) fillPiece(committed, piece, message.color);
    state.provisional = message.provisional;
    if (message.done) live.delete(message.id); else live.set(message.id, state);
    break;
  }
  case "drawing":
    lastDrawing = message.strokes;
    drawStrokes(committed, committedCanvas, message.strokes);
    $("undo").disabled = !message.canUndo;
    $("redo").disabled = !message.canRedo;
    if ($("compare").value) send({ type: "compare", settings: { technique: $("compare").value } });
    break;
  case "compare":
    drawStrokes(comparison, comparisonCanvas, message.strokes);
    break;
  case "selection":
    selection = { indices: message.indices, bounds: message.bounds };
    $("selection-actions").hidden = !message.indices.length;
    break;
  case "export":
    if (pendingExport) pendingExport(message.text);
    pendingExport = null;
    break;
  case "error":
    $("status").textContent = message.text;
    break;
  }
}

function reading(event) {
  const box = liveCanvas.getBoundingClientRect();
  return {
    x: event.clientX - box.left, y: event.clientY - box.top, t: event.timeStamp,
    pressure: event.pointerType === "mouse" ? undefined : event.pressure,
    tiltX: event.tiltX, tiltY: event.tiltY, altitude: event.altitudeAngle, azimuth: event.azimuthAngle,
    width: event.width, height: event.height,
  };
}

// How far a handle drag scales the selection: the pointer's distance from the opposite corner
// against the handle's, 0.05…20.
function resizeFactor(state) {
  const last = state.trail[state.trail.length - 1], [ax, ay] = state.resize.anchor, [hx, hy] = state.resize.handle;
  const factor = Math.hypot(last.x - ax, last.y - ay) / Math.max(1, Math.hypot(hx - ax, hy - ay));
  return Math.min(20, Math.max(0.05, factor));
}

function pointer(type, event) {
  const coalesced = $("coalesced").checked && event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  const predicted = $("predicted").checked && event.getPredictedEvents && type === "move" ? event.getPredictedEvents() : [];
  const samples = (coalesced.length ? coalesced : [event]).map(reading);
  const state = live.get(event.pointerId);
  if (state && (state.erases || state.selects)) state.trail.push(...samples);
  if (state && state.resize) {
    // A handle drag stays on the page until it ends in one scale action.
    if (type === "up") {
      live.delete(event.pointerId);
      send({ type: "select-action", action: "scale", factor: resizeFactor(state), anchor: state.resize.anchor });
    }
    return;
  }
  if (type === "down") {
    const corners = selection.bounds ? handles(selection.bounds) : [];
    const grabbed = $("lasso").checked ? corners.findIndex(([x, y]) => Math.hypot(samples[0].x - x, samples[0].y - y) <= 9) : -1;
    if (grabbed >= 0) {
      live.set(event.pointerId, { trail: samples.slice(), selects: true, resize: { handle: corners[grabbed], anchor: corners[(grabbed + 2) % 4] } });
      return;
    }
    if ($("lasso").checked) {
      const [x, y] = [samples[0].x, samples[0].y], b = selection.bounds;
      const onSelection = b && x >= b[0] - 8 && x <= b[2] + 8 && y >= b[1] - 8 && y <= b[3] + 8;
      if (!onSelection) { selection = { indices: [], bounds: null }; $("selection-actions").hidden = true; }
      live.set(event.pointerId, { trail: samples.slice(), selects: true, dragFrom: onSelection ? { x, y } : null });
    } else {
      // A stroke or an erase ends the selection (the server drops it too).
      selection = { indices: [], bounds: null };
      $("selection-actions").hidden = true;
      live.set(event.pointerId, { trail: samples.slice(), erases: $("eraser").checked || event.pointerType === "touch" });
    }
  }
  if (type === "up" && state && state.selects) live.delete(event.pointerId);
  send({ type, id: event.pointerId, pointerType: event.pointerType, samples, predicted: predicted.map(reading) });
}

liveCanvas.addEventListener("pointerdown", (event) => {
  try { liveCanvas.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the browser no longer tracks */ }
  pointer("down", event);
});
liveCanvas.addEventListener("pointermove", (event) => { if (live.has(event.pointerId)) pointer("move", event); });
liveCanvas.addEventListener("pointerup", (event) => { if (live.has(event.pointerId)) pointer("up", event); });
liveCanvas.addEventListener("pointercancel", (event) => { send({ type: "cancel", id: event.pointerId }); live.delete(event.pointerId); });

for (const id of ["technique", "brush", "color", "width", "stabilizer", "strength", "eraser", "lasso", "snap"]) $(id).addEventListener("change", sendSettings);
function selectAction(action, extra) { send({ type: "select-action", action, ...extra }); }
$("sel-delete").onclick = () => selectAction("delete");
$("sel-duplicate").onclick = () => selectAction("duplicate");
$("sel-front").onclick = () => selectAction("front");
$("sel-bigger").onclick = () => selectAction("scale", { factor: 1.25 });
$("sel-smaller").onclick = () => selectAction("scale", { factor: 0.8 });
$("color").addEventListener("change", () => { if (selection.indices.length) selectAction("recolor", { color: $("color").value }); });
$("lasso").addEventListener("change", () => { if (!$("lasso").checked) { selection = { indices: [], bounds: null }; $("selection-actions").hidden = true; selectAction("deselect"); } });
document.addEventListener("keydown", (event) => {
  if (!selection.indices.length || event.target.tagName === "INPUT") return;
  if (event.key === "Delete" || event.key === "Backspace") { selectAction("delete"); event.preventDefault(); }
  if (event.key === "Escape") { selection = { indices: [], bounds: null }; $("selection-actions").hidden = true; selectAction("deselect"); }
});
$("undo").onclick = () => { selection = { indices: [], bounds: null }; $("selection-actions").hidden = true; send({ type: "undo" }); };
$("redo").onclick = () => { selection = { indices: [], bounds: null }; $("selection-actions").hidden = true; send({ type: "redo" }); };
$("clear").onclick = () => { selection = { indices: [], bounds: null }; $("selection-actions").hidden = true; send({ type: "clear" }); };
function relayout() {
  committed = resize(committedCanvas); liveContext = resize(liveCanvas); comparison = resize(comparisonCanvas);
  drawStrokes(committed, committedCanvas, lastDrawing);
}
$("compare").onchange = () => {
  $("compare-panel").hidden = !$("compare").value;
  relayout();
  if ($("compare").value) send({ type: "compare", settings: { technique: $("compare").value } });
};

function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
function exportAs(format) {
  pendingExport = async (json) => {
    if (format === "json") return download(new Blob([json], { type: "application/json" }), "drawing.json");
    const response = await fetch(`/render?format=${format}&background=transparent`, { method: "POST", body: json });
    if (!response.ok) { $("status").textContent = (await response.json()).error; return; }
    download(await response.blob(), `drawing.${format}`);
  };
  send({ type: "export" });
}
$("save-png").onclick = () => exportAs("png");
$("save-svg").onclick = () => exportAs("svg");
$("save-json").onclick = () => exportAs("json");
$("open").onchange = async () => {
  const file = $("open").files[0];
  if (!file) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  send({ type: "load", data: btoa(binary) });
};
window.addEventListener("resize", relayout);

(function frame() { drawLive(); requestAnimationFrame(frame); })();
connect();
