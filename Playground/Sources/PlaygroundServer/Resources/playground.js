// FreehandKit playground: pointer events in, server-smoothed ink out. Two layers: finished ink is
// kept as tiles cached per zoom (tiles.js) and composed into the committed layer, with the pieces
// of strokes still being drawn over them; the live layer (provisional tails, what an eraser cuts,
// the lasso) is redrawn every frame. The view pans and zooms: points on the page = (pixels on
// screen − view.x, y) ÷ view.s, the page kept on whole device pixels.
"use strict";

// The names come from the server's catalogues (/catalog.js, loaded before this script), and the
// menus start on the session's own defaults.
const techniques = catalog.techniques, brushes = catalog.brushes;
const $ = (id) => document.getElementById(id);
const committedCanvas = $("committed"), liveCanvas = $("live"), comparisonCanvas = $("comparison");
const live = new Map();          // pointerId → { provisional, color, erases, cut, trail }
const touches = new Map();       // touch pointerId → its last screen position, for pinch and pan
let pinch = null;                // { distance, centre, view } when two fingers went down
let panDrag = null;              // a middle-button drag: { x, y, view }
let socket = null;
const exportQueue = [];          // what to do with each export answer, in order
// The drawing is kept in this browser (the binary format, a moment after every change): a
// reconnect to a new session — the network dropped, the server restarted — or a reload opens it
// again. It lives in IndexedDB, whose quota is a share of the disk (localStorage holds some 5 M
// characters: about 150,000 samples); an older page's localStorage copy is still read once.
const keptKey = "freehand-playground-drawing";
let keepTimer = null, restoring = false;
const keptStore = {
  database: null,
  open() {
    this.database ??= new Promise((resolve, reject) => {
      const request = indexedDB.open("freehand-playground", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("kept");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.database;
  },
  async run(mode, action) {
    const database = await this.open();
    return new Promise((resolve, reject) => {
      const transaction = database.transaction("kept", mode);
      const request = action(transaction.objectStore("kept"));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = transaction.onabort = () => reject(transaction.error);
    });
  },
  // The kept drawing: its bytes, an older page's text, or null.
  async get() {
    const bytes = await this.run("readonly", (store) => store.get(keptKey)).catch(() => null);
    return bytes || localStorage.getItem(keptKey);
  },
  async set(bytes) {
    await this.run("readwrite", (store) => store.put(bytes, keptKey));
    localStorage.removeItem(keptKey);
  },
  async remove() {
    localStorage.removeItem(keptKey);
    await this.run("readwrite", (store) => store.delete(keptKey));
  },
  // A kept drawing the server refused to open (over its body limit, say) is not written over by
  // the next change: it is handed to the user as a file and kept aside under another key.
  async setAside(kept, why) {
    const bytes = typeof kept === "string" ? (kept.startsWith("{") ? new TextEncoder().encode(kept) : bytesOf(kept)) : kept;
    await this.run("readwrite", (store) => store.put(bytes, `${keptKey}-refused`)).catch(() => {});
    await this.remove().catch(() => {});
    download(new Blob([bytes]), kept.length && typeof kept === "string" && kept.startsWith("{") ? "kept-drawing.json" : "kept-drawing.fhb");
    status(`the drawing kept in this browser could not be opened (${why}): it is saved as a file instead`, true);
  },
};
let selection = { indices: [], bounds: null };  // the server's selection; bounds [x0, y0, x1, y1]
let view = { x: 0, y: 0, s: 1 };
let penSeen = false;             // fingers erase once a pen has touched the page (as the server decides)
let fitNextDrawing = false;      // an opened file is fitted to the view when it arrives
let viewTimer = null;
let lastDrawing = [], lastComparison = [];
// Strokes that ended and are not yet in a drawing from the server (which brings them to the tiles).
let finishing = [];

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
$("technique").value = catalog.defaults.technique;
$("brush").value = catalog.defaults.brush;

const ratio = () => window.devicePixelRatio || 1;
function resize(canvas) {
  const box = canvas.getBoundingClientRect();
  canvas.width = Math.round(box.width * ratio());
  canvas.height = Math.round(box.height * ratio());
  return canvas.getContext("2d");
}
function applyView(context, v = view) { context.setTransform(ratio() * v.s, 0, 0, ratio() * v.s, ratio() * v.x, ratio() * v.y); }
function blank(context, canvas) {
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, canvas.width, canvas.height);
  context.restore();
}
let committed = resize(committedCanvas), liveContext = resize(liveCanvas), comparison = resize(comparisonCanvas);

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

// The finished ink, as tiles per zoom.
const tiles = new TileCache(fillPiece);

// The view in device pixels, as the tiles take it: its top-left corner on the page's level, the
// zoom, and its size.
function viewFrame() {
  return { x: Math.round(-view.x * ratio()), y: Math.round(-view.y * ratio()), z: view.s * ratio(),
    width: committedCanvas.width, height: committedCanvas.height };
}

// Keeps the page on whole device pixels (where the tiles land), so that live ink and tiles agree.
// The zoom is kept to 7 significant digits: tiles are cached per zoom, and 1.25 × 0.8 is 1 again.
function snapView() {
  view = { x: Math.round(view.x * ratio()) / ratio(), y: Math.round(view.y * ratio()) / ratio(), s: Number(view.s.toPrecision(7)) };
}

// The committed layer from the tiles (visible ones still missing rendered first, for up to 8 ms;
// the rest soft or blank until the next frames render them), and the finished pieces of strokes
// still being drawn over them.
function composeCommitted() {
  let frame = tiles.frame(viewFrame());
  // Not during a pinch: its zooms are gone a frame later (the scaled tiles show meanwhile).
  if (frame.missing && !pinch && tiles.render(performance.now() + 8) > 0) frame = tiles.frame(viewFrame());
  blank(committed, committedCanvas);
  // Tiles land on device pixels.
  committed.setTransform(1, 0, 0, 1, 0, 0);
  committed.imageSmoothingEnabled = true;
  for (const draw of frame.draws) {
    if (draw.own) committed.clearRect(draw.x, draw.y, draw.width, draw.height);
    committed.drawImage(draw.canvas, draw.x, draw.y, draw.width, draw.height);
  }
  applyView(committed);
  for (const state of [...finishing, ...live.values()]) {
    for (const piece of state.pieces || []) fillPiece(committed, piece, state.color);
  }
}

// The bounds [x0, y0, x1, y1] of strokes' outlines, or null for none.
function boundsOf(strokes) {
  let b = null;
  for (const stroke of strokes) {
    const own = TileCache.bounds(stroke.piece);
    if (own) b = b ? [Math.min(b[0], own[0]), Math.min(b[1], own[1]), Math.max(b[2], own[2]), Math.max(b[3], own[3])] : own;
  }
  return b;
}

// The view that shows `bounds` whole in a canvas of `box` (CSS pixels), 16 px of margin, at most 4×.
function fitting(bounds, box) {
  if (!bounds) return { x: 0, y: 0, s: 1 };
  const w = Math.max(1, bounds[2] - bounds[0]), h = Math.max(1, bounds[3] - bounds[1]);
  const s = Math.min(4, Math.max(0.05, Math.min((box.width - 32) / w, (box.height - 32) / h)));
  return { x: (box.width - w * s) / 2 - bounds[0] * s, y: (box.height - h * s) / 2 - bounds[1] * s, s };
}

function drawStrokes(context, canvas, strokes, v = view) {
  blank(context, canvas);
  applyView(context, v);
  for (const stroke of strokes) fillPiece(context, stroke.piece, stroke.color);
}

// The comparison panel shows its whole drawing (it is narrower than the main one), labelled.
function drawComparison() {
  drawStrokes(comparison, comparisonCanvas, lastComparison, fitting(boundsOf(lastComparison), comparisonCanvas.getBoundingClientRect()));
}

function redrawAll() {
  snapView();
  composeCommitted();
  if (!$("compare-panel").hidden) drawComparison();
  $("zoom-level").textContent = Math.round(view.s * 100) + "%";
  // Outlines fitted to the new zoom, once the view has settled.
  clearTimeout(viewTimer);
  viewTimer = setTimeout(() => send({ type: "view", scale: view.s * ratio() }), 250);
}

function zoomAbout(factor, x, y) {
  const s = Math.min(16, Math.max(0.1, view.s * factor));
  view = { x: x - (x - view.x) * s / view.s, y: y - (y - view.y) * s / view.s, s };
  redrawAll();
}
function fitView() {
  view = fitting(boundsOf(lastDrawing), liveCanvas.getBoundingClientRect());
  redrawAll();
}

// A handle's grab radius and the selection's margins are screen pixels.
function handles(b) {
  const m = 4 / view.s;
  return [[b[0] - m, b[1] - m], [b[2] + m, b[1] - m], [b[2] + m, b[3] + m], [b[0] - m, b[3] + m]];
}

function drawSelection(offset, scale) {
  if (!selection.bounds) return;
  let [x0, y0, x1, y1] = selection.bounds.map((value, index) => value + (index % 2 ? offset.y : offset.x));
  if (scale) {
    const [ax, ay] = scale.anchor, f = scale.factor;
    [x0, x1] = [ax + (x0 - ax) * f, ax + (x1 - ax) * f].sort((a, b) => a - b);
    [y0, y1] = [ay + (y0 - ay) * f, ay + (y1 - ay) * f].sort((a, b) => a - b);
  }
  const m = 4 / view.s;
  liveContext.save();
  liveContext.strokeStyle = "#2f6fd6";
  liveContext.lineWidth = 1 / view.s;
  liveContext.setLineDash([5 / view.s, 4 / view.s]);
  liveContext.strokeRect(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m);
  liveContext.setLineDash([]);
  liveContext.fillStyle = "#fff";
  for (const [hx, hy] of handles([x0, y0, x1, y1])) {
    liveContext.fillRect(hx - m, hy - m, 2 * m, 2 * m);
    liveContext.strokeRect(hx - m, hy - m, 2 * m, 2 * m);
  }
  liveContext.restore();
}

function drawLive() {
  blank(liveContext, liveCanvas);
  applyView(liveContext);
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
        liveContext.lineWidth = 1 / view.s;
        liveContext.setLineDash([6 / view.s, 5 / view.s]);
        liveContext.beginPath();
        state.trail.forEach((point, index) => index ? liveContext.lineTo(point.x, point.y) : liveContext.moveTo(point.x, point.y));
        liveContext.closePath();
        liveContext.stroke();
        liveContext.restore();
      }
      continue;
    }
    if (state.erases) {
      // What the eraser cuts: its own outline, as the server sweeps it.
      for (const piece of state.cut || []) fillPiece(liveContext, { ...piece, opacity: 0.3 }, "#6b7075");
      if (state.provisional) fillPiece(liveContext, { ...state.provisional, opacity: 0.3 }, "#6b7075");
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

function status(text, isError) {
  $("status").textContent = text;
  $("status").classList.toggle("error", !!isError);
}

function connect() {
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/live`);
  socket.onopen = () => {
    status("connected");
    sendSettings();
    if (view.s !== 1) send({ type: "view", scale: view.s * ratio() });
    // Each connection is a new session: give it the drawing this page kept.
    restoring = true;
    restoreAttempts = 0;
    keptStore.get().then(restoreKept, () => { restoring = false; });
  };
  socket.onclose = (event) => {
    // Exports asked of the lost session will never be answered. A server with every session
    // taken closes with 1013 ("try again later"): wait longer before asking again. The drawing
    // is kept in this browser either way.
    exportQueue.length = 0;
    const busy = event.code === 1013;
    status(busy ? "the server has as many sessions as it takes — retrying" : "disconnected — reconnecting", true);
    setTimeout(connect, busy ? 5000 : 1000);
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
}

function receive(message) {
  // A later answer clears an error shown before it.
  if (message.type !== "error" && $("status").classList.contains("error") && socket.readyState === WebSocket.OPEN) status("connected");
  switch (message.type) {
  case "pointer": {
    // The role the session gave a pointer as it went down: the page's first guess gives way to it.
    const state = live.get(message.id);
    if (!state) break;
    if (state.selects && !state.resize) {
      const first = state.trail[0];
      state.dragFrom = message.role === "drag" && first ? { x: first.x, y: first.y } : null;
      // A lasso where the page guessed a drag: the server has let the selection go.
      if (message.role === "lasso") deselect();
    } else if (!state.selects) {
      state.erases = message.role === "erase";
    }
    break;
  }
  case "ink": {
    const state = live.get(message.id) || { trail: [], cut: [] };
    state.color = message.color;
    state.erases = message.erases;
    if (message.erases) {
      state.cut = (state.cut || []).concat(message.committed);
    } else {
      // Drawn once now, and again over the tiles when the view moves before the stroke ends.
      applyView(committed);
      for (const piece of message.committed) fillPiece(committed, piece, message.color);
      state.pieces = (state.pieces || []).concat(message.committed);
    }
    state.provisional = message.provisional;
    if (message.done) {
      live.delete(message.id);
      if (state.pieces) finishing.push(state);
    } else {
      live.set(message.id, state);
    }
    break;
  }
  case "append":
  case "drawing":
    // A pen-up sends only the stroke it added on top ("append"); other changes, the drawing.
    lastDrawing = message.type === "append" ? lastDrawing.concat(message.strokes) : message.strokes;
    // Keep it (once the changes pause); the answer to the restoring load needs no keeping.
    if (restoring) restoring = false; else keepSoon();
    tiles.setStrokes(lastDrawing);
    finishing = [];
    if (fitNextDrawing) {
      fitNextDrawing = false;
      view = fitting(boundsOf(lastDrawing), liveCanvas.getBoundingClientRect());
      redrawAll();
    } else {
      composeCommitted();
    }
    $("undo").disabled = !message.canUndo;
    $("redo").disabled = !message.canRedo;
    if ($("compare").value) send({ type: "compare", settings: { technique: $("compare").value } });
    break;
  case "outlines":
    // A zoom change: new outlines for the strokes at `indices` (places in the drawing's list), in
    // messages of about a mebibyte; the drawing itself is the same (nothing to keep).
    lastDrawing = lastDrawing.slice();
    message.indices.forEach((place, k) => { if (place < lastDrawing.length) lastDrawing[place] = message.strokes[k]; });
    if (message.done) {
      tiles.setStrokes(lastDrawing);
      composeCommitted();
      if ($("compare").value) send({ type: "compare", settings: { technique: $("compare").value } });
    }
    break;
  case "compare":
    lastComparison = message.strokes;
    drawComparison();
    break;
  case "selection":
    selection = { indices: message.indices, bounds: message.bounds };
    $("selection-actions").hidden = !message.indices.length;
    break;
  case "export": {
    const handler = exportQueue.shift();
    if (handler) handler(message.text);
    break;
  }
  case "error":
    status(message.text, true);
    // A restore the server refused for now (busy, its memory for work taken) is asked again.
    retryRestore();
    break;
  }
}

function reading(event) {
  const box = liveCanvas.getBoundingClientRect();
  return {
    x: (event.clientX - box.left - view.x) / view.s, y: (event.clientY - box.top - view.y) / view.s, t: event.timeStamp,
    pressure: event.pointerType === "mouse" ? undefined : event.pressure,
    tiltX: event.tiltX, tiltY: event.tiltY, altitude: event.altitudeAngle, azimuth: event.azimuthAngle,
    width: event.width / view.s, height: event.height / view.s,
  };
}

// How far a handle drag scales the selection: the pointer's distance from the opposite corner
// against the handle's, 0.05…20.
function resizeFactor(state) {
  const last = state.trail[state.trail.length - 1], [ax, ay] = state.resize.anchor, [hx, hy] = state.resize.handle;
  const factor = Math.hypot(last.x - ax, last.y - ay) / Math.max(1, Math.hypot(hx - ax, hy - ay));
  return Math.min(20, Math.max(0.05, factor));
}

function deselect() {
  selection = { indices: [], bounds: null };
  $("selection-actions").hidden = true;
}

function pointer(type, event) {
  const coalesced = $("coalesced").checked && event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  const predicted = $("predicted").checked && event.getPredictedEvents && type === "move" ? event.getPredictedEvents() : [];
  const samples = (coalesced.length ? coalesced : [event]).map(reading);
  const state = live.get(event.pointerId);
  if (state && state.selects) state.trail.push(...samples);
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
    const reach = 9 / view.s;
    const grabbed = $("lasso").checked ? corners.findIndex(([x, y]) => Math.hypot(samples[0].x - x, samples[0].y - y) <= reach) : -1;
    if (grabbed >= 0) {
      live.set(event.pointerId, { trail: samples.slice(), selects: true, resize: { handle: corners[grabbed], anchor: corners[(grabbed + 2) % 4] } });
      return;
    }
    if ($("lasso").checked) {
      const [x, y] = [samples[0].x, samples[0].y], b = selection.bounds, m = 8 / view.s;
      const onSelection = b && x >= b[0] - m && x <= b[2] + m && y >= b[1] - m && y <= b[3] + m;
      if (!onSelection) deselect();
      live.set(event.pointerId, { trail: samples.slice(), selects: true, dragFrom: onSelection ? { x, y } : null });
    } else {
      // A stroke or an erase ends the selection (the server drops it too).
      deselect();
      live.set(event.pointerId, { trail: [], cut: [], erases: $("eraser").checked || (event.pointerType === "touch" && penSeen) });
    }
  }
  if (type === "up" && state && state.selects) live.delete(event.pointerId);
  const message = { type, id: event.pointerId, pointerType: event.pointerType, samples, predicted: predicted.map(reading) };
  // The server decides what the pointer does (the selection's reach: 8 px at this zoom) and says so.
  if (type === "down") message.zoom = view.s;
  send(message);
}

// Two fingers: the strokes they began are cancelled, and they pan and zoom the view.
function canvasPoint(event) {
  const box = liveCanvas.getBoundingClientRect();
  return { x: event.clientX - box.left, y: event.clientY - box.top };
}
function pinchState() {
  const [a, b] = [...touches.values()];
  return { distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
}
function startPinch() {
  for (const id of touches.keys()) {
    if (live.has(id)) { send({ type: "cancel", id }); live.delete(id); }
  }
  pinch = { ...pinchState(), view: { ...view } };
}
function movePinch() {
  const now = pinchState(), s = Math.min(16, Math.max(0.1, pinch.view.s * now.distance / pinch.distance));
  view = {
    x: now.centre.x - (pinch.centre.x - pinch.view.x) * s / pinch.view.s,
    y: now.centre.y - (pinch.centre.y - pinch.view.y) * s / pinch.view.s, s };
  redrawAll();
}

liveCanvas.addEventListener("pointerdown", (event) => {
  if (event.pointerType === "pen") penSeen = true;
  if (event.pointerType === "mouse" && event.button === 1) {
    // The middle button pans.
    panDrag = { ...canvasPoint(event), view: { ...view } };
    try { liveCanvas.setPointerCapture(event.pointerId); } catch (error) { /* no longer tracked */ }
    event.preventDefault();
    return;
  }
  // Only the primary button (or a pen's tip, a finger) draws: a right-button drag is not ink.
  if (event.button !== 0 && event.button !== -1) return;
  if (event.pointerType === "touch") {
    touches.set(event.pointerId, canvasPoint(event));
    if (touches.size === 2) { startPinch(); return; }
    if (pinch || touches.size > 2) return;
  }
  try { liveCanvas.setPointerCapture(event.pointerId); } catch (error) { /* a pointer the browser no longer tracks */ }
  pointer("down", event);
});
liveCanvas.addEventListener("pointermove", (event) => {
  if (panDrag && event.pointerType === "mouse") {
    const now = canvasPoint(event);
    view = { ...panDrag.view, x: panDrag.view.x + now.x - panDrag.x, y: panDrag.view.y + now.y - panDrag.y };
    redrawAll();
    return;
  }
  if (touches.has(event.pointerId)) {
    touches.set(event.pointerId, canvasPoint(event));
    if (pinch) { if (touches.size >= 2) movePinch(); return; }
  }
  if (live.has(event.pointerId)) pointer("move", event);
});
function lift(event) {
  if (panDrag && event.pointerType === "mouse") { panDrag = null; return; }
  touches.delete(event.pointerId);
  if (pinch) {
    // The view stays where the fingers left it; a finger still down draws nothing until lifted.
    if (touches.size === 0) pinch = null;
    return;
  }
  if (live.has(event.pointerId)) pointer("up", event);
}
liveCanvas.addEventListener("pointerup", lift);
liveCanvas.addEventListener("pointercancel", (event) => {
  touches.delete(event.pointerId);
  if (touches.size === 0) pinch = null;
  panDrag = null;
  if (live.has(event.pointerId)) { send({ type: "cancel", id: event.pointerId }); live.delete(event.pointerId); }
});
liveCanvas.addEventListener("contextmenu", (event) => event.preventDefault());
// The wheel pans; with Ctrl (a trackpad's pinch too) it zooms about the pointer.
liveCanvas.addEventListener("wheel", (event) => {
  event.preventDefault();
  const unit = event.deltaMode === 1 ? 16 : (event.deltaMode === 2 ? 400 : 1);
  if (event.ctrlKey || event.metaKey) {
    const at = canvasPoint(event);
    zoomAbout(Math.exp(-event.deltaY * unit * 0.005), at.x, at.y);
  } else {
    view = { ...view, x: view.x - event.deltaX * unit, y: view.y - event.deltaY * unit };
    redrawAll();
  }
}, { passive: false });

for (const id of ["technique", "brush", "color", "width", "stabilizer", "strength", "eraser", "lasso", "snap"]) $(id).addEventListener("change", sendSettings);
function selectAction(action, extra) { send({ type: "select-action", action, ...extra }); }
$("sel-delete").onclick = () => selectAction("delete");
$("sel-duplicate").onclick = () => selectAction("duplicate");
$("sel-front").onclick = () => selectAction("front");
$("sel-bigger").onclick = () => selectAction("scale", { factor: 1.25 });
$("sel-smaller").onclick = () => selectAction("scale", { factor: 0.8 });
$("color").addEventListener("change", () => { if (selection.indices.length) selectAction("recolor", { color: $("color").value }); });
$("lasso").addEventListener("change", () => { if (!$("lasso").checked) { deselect(); selectAction("deselect"); } });
function undo() { deselect(); send({ type: "undo" }); }
function redo() { deselect(); send({ type: "redo" }); }
$("undo").onclick = undo;
$("redo").onclick = redo;
$("fit").onclick = fitView;
$("clear").onclick = () => { deselect(); send({ type: "clear" }); };
function toggle(id) { $(id).checked = !$(id).checked; $(id).dispatchEvent(new Event("change")); }
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target.tagName === "SELECT" || (target.tagName === "INPUT" && ["text", "number", "search", "file"].includes(target.type))) return;
  const command = event.ctrlKey || event.metaKey, key = event.key.toLowerCase();
  if (command && key === "z") { event.preventDefault(); if (event.shiftKey) redo(); else undo(); return; }
  if (command && key === "y") { event.preventDefault(); redo(); return; }
  if (command && key === "0") { event.preventDefault(); fitView(); return; }
  if (command && (key === "=" || key === "+" || key === "-")) {
    event.preventDefault();
    const box = liveCanvas.getBoundingClientRect();
    zoomAbout(key === "-" ? 0.8 : 1.25, box.width / 2, box.height / 2);
    return;
  }
  if (command || event.altKey) return;
  if (key === "e") { toggle("eraser"); return; }
  if (key === "l") { toggle("lasso"); return; }
  if (!selection.indices.length) return;
  if (event.key === "Delete" || event.key === "Backspace") { selectAction("delete"); event.preventDefault(); }
  if (event.key === "Escape") { deselect(); selectAction("deselect"); }
});
function relayout() {
  committed = resize(committedCanvas); liveContext = resize(liveCanvas); comparison = resize(comparisonCanvas);
  redrawAll();
}
$("compare").onchange = () => {
  const name = $("compare").value;
  $("compare-panel").hidden = !name;
  $("main-caption").hidden = !name;
  $("main-caption").textContent = "now: " + $("technique").value;
  $("compare-caption").textContent = name;
  relayout();
  if (name) send({ type: "compare", settings: { technique: name } });
};
$("technique").addEventListener("change", () => { $("main-caption").textContent = "now: " + $("technique").value; });

function download(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
// The bytes of a binary export (base64 text).
function bytesOf(base64) {
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}
// Gives the kept drawing to the session: its bytes (the binary format), or an older page's text —
// JSON, or the binary format in base64 (a kept value that cannot be read is dropped).
let restoreAttempts = 0;
function restoreKept(kept) {
  if (!kept) { restoring = false; return; }
  restoreAttempts += 1;
  let file;
  try {
    if (typeof kept !== "string") file = new Blob([kept]);
    else file = kept.startsWith("{") ? new Blob([kept], { type: "application/json" }) : new Blob([bytesOf(kept)]);
  } catch (error) {
    keptStore.remove().catch(() => {});
    restoring = false;
    return;
  }
  openInSession(file);
}
// A restore under way that the server refused for now is asked again a second later, at most five
// times in all; the kept drawing is not written over meanwhile.
function retryRestore() {
  if (restoring && restoreAttempts < 5) setTimeout(() => keptStore.get().then(restoreKept, () => { restoring = false; }), 1000);
  else if (restoring) refuseRestore("the server stayed busy");
}
// A restore the server will not take: the kept drawing is set aside, never written over.
function refuseRestore(why) {
  keptStore.get().then((kept) => kept && keptStore.setAside(kept, why)).finally(() => { restoring = false; });
}
// The drawing kept in this browser, a moment after the last change, as the binary format (a third
// of its JSON's size or less; a drawing too large for the browser's storage is not kept: the
// message says so).
function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => {
    exportQueue.push((base64) => {
      // Never over a kept drawing still being restored.
      if (restoring) return;
      (lastDrawing.length ? keptStore.set(bytesOf(base64)) : keptStore.remove())
        .catch((error) => status(`the drawing could not be kept in this browser: ${error && error.message ? error.message : error}`, true));
    });
    send({ type: "export", format: "binary" });
  }, 600);
}
// A download: the JSON itself, or a picture the server renders from the binary export (the
// smallest body to send).
function exportAs(format) {
  exportQueue.push(async (text) => {
    if (format === "json") return download(new Blob([text], { type: "application/json" }), "drawing.json");
    const response = await fetch(`/render?format=${format}&background=transparent`, { method: "POST", body: bytesOf(text) });
    if (!response.ok) { status((await response.json()).error, true); return; }
    download(await response.blob(), `drawing.${format}`);
  });
  send({ type: "export", format: format === "json" ? "json" : "binary" });
}
$("save-png").onclick = () => exportAs("png");
$("save-svg").onclick = () => exportAs("svg");
$("save-json").onclick = () => exportAs("json");
// A file goes to the server over HTTP (POST /open reads it, off the live socket, and answers a
// ticket); the session then loads it by that ticket. A refusal is shown, the drawing left as it is.
async function openInSession(file) {
  let response;
  try {
    response = await fetch("/open", { method: "POST", body: file });
  } catch (error) {
    restoring = false;
    status(`the file could not be sent: ${error.message}`, true);
    return;
  }
  const answer = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok || !answer.ticket) {
    status(answer.error || `the server answered ${response.status}`, true);
    // A restore the server is too busy for now is asked again; any other refusal ends it, the kept
    // drawing set aside (never written over by the next change).
    if (response.status === 503) retryRestore();
    else if (restoring) refuseRestore(answer.error || `the server answered ${response.status}`);
    return;
  }
  send({ type: "load", ticket: answer.ticket });
}
$("open").onchange = () => {
  const file = $("open").files[0];
  if (!file) return;
  fitNextDrawing = true;
  openInSession(file);
};
window.addEventListener("resize", relayout);

// Each frame: the live layer, and a few milliseconds of tiles still missing (the visible ones,
// then the ring beyond the edges, so that a pan finds them ready).
(function frame() {
  drawLive();
  if (tiles.busy && !pinch && tiles.render(performance.now() + 4) > 0) composeCommitted();
  requestAnimationFrame(frame);
})();
connect();
