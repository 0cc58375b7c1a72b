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
  context.fillStyle = color;
  context.fill("nonzero");
  context.globalAlpha = 1;
}

function drawStrokes(context, canvas, strokes) {
  context.clearRect(0, 0, canvas.width, canvas.height);
  for (const stroke of strokes) fillPiece(context, stroke.piece, stroke.color);
}

function drawLive() {
  liveContext.clearRect(0, 0, liveCanvas.width, liveCanvas.height);
  for (const state of live.values()) {
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
    width: parseFloat($("width").value), tool: $("eraser").checked ? "eraser" : "pen",
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

function pointer(type, event) {
  const coalesced = $("coalesced").checked && event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  const predicted = $("predicted").checked && event.getPredictedEvents && type === "move" ? event.getPredictedEvents() : [];
  const samples = (coalesced.length ? coalesced : [event]).map(reading);
  const state = live.get(event.pointerId);
  if (state && state.erases) state.trail.push(...samples);
  if (type === "down") live.set(event.pointerId, { trail: samples.slice(), erases: $("eraser").checked || event.pointerType === "touch" });
  send({ type, id: event.pointerId, pointerType: event.pointerType, samples, predicted: predicted.map(reading) });
}

liveCanvas.addEventListener("pointerdown", (event) => {
  try { liveCanvas.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the browser no longer tracks */ }
  pointer("down", event);
});
liveCanvas.addEventListener("pointermove", (event) => { if (live.has(event.pointerId)) pointer("move", event); });
liveCanvas.addEventListener("pointerup", (event) => { if (live.has(event.pointerId)) pointer("up", event); });
liveCanvas.addEventListener("pointercancel", (event) => { send({ type: "cancel", id: event.pointerId }); live.delete(event.pointerId); });

for (const id of ["technique", "brush", "color", "width", "stabilizer", "strength", "eraser"]) $(id).addEventListener("change", sendSettings);
$("undo").onclick = () => send({ type: "undo" });
$("redo").onclick = () => send({ type: "redo" });
$("clear").onclick = () => send({ type: "clear" });
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
