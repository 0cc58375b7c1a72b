// FreehandKit's ink engine in the browser: the Swift engine compiled to WebAssembly (freehand.wasm,
// built by tools/web_build.sh), behind a small JavaScript API. See docs/web.md.
//
//   import { load } from "./freehand.js";
//   const ink = await load();
//   const stroke = ink.begin({ brush: "signature" });
//   const update = stroke.add(samples);          // committed pieces and the provisional tail
//   stroke.end(); stroke.free();

const ERRORS = { "-1": "UnreadableInk", "-2": "ParameterError", "-3": "UnknownStroke", "-4": "StrokeBuilderError", "-5": "NotInModule", "-6": "OutOfMemory", "-7": "EngineStopped" };
const POINTERS = { pen: 0, finger: 1, mouse: 2 };
/** Float64s per sample in the engine's input: x, y, t, force, altitude, azimuth, radius. */
const FIELDS = 7;

/**
 * An error from the engine: `name` is the Swift error type (`ParameterError`, `UnreadableInk`, …),
 * `NotInModule` for a call the loaded module does not hold, `OutOfMemory` for an input the
 * module's memory cannot take, or `EngineStopped` once the module has trapped (its memory ran out
 * mid-call): that engine is done, `load()` another; `message` its description.
 */
export class FreehandError extends Error {
  constructor(code, message) {
    super(message);
    this.name = ERRORS[code] ?? "FreehandError";
    this.code = code;
  }
}

/**
 * Loads the engine. `source` is the .wasm's URL (default: freehand.wasm beside this module; a
 * `file:` URL is read from disk, as under Node), a Response, or its bytes. freehand-live.wasm,
 * built beside it, holds the live strokes and the catalogue alone (less than half the size): with
 * it, `outline`, `outlines` and `session` throw a `NotInModule` error.
 */
export async function load(source = new URL("./freehand.wasm", import.meta.url)) {
  const imports = { wasi_snapshot_preview1: hostCalls() };
  let instance;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    ({ instance } = await WebAssembly.instantiate(source, imports));
  } else if (String(source).startsWith("file:")) {
    // Node and other hosts without fetch for files: the bytes read from disk.
    const { readFile } = await import("node:fs/promises");
    ({ instance } = await WebAssembly.instantiate(await readFile(new URL(source)), imports));
  } else {
    const response = source instanceof Response ? source : await fetch(source);
    if (!response.ok) throw new Error(`${response.url || source}: ${response.status} ${response.statusText}`);
    ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), imports));
  }
  imports.wasi_snapshot_preview1.attach(instance.exports);
  return new Engine(instance.exports);
}

/** The few host calls the C library may make: a trap's message to the console, random seeds. */
function hostCalls() {
  let memory = null;
  const calls = {
    fd_write(fd, iovs, count, written) {
      // Pointers arrive as signed 32-bit numbers (negative past 2 GiB): read unsigned.
      iovs >>>= 0;
      written >>>= 0;
      const view = new DataView(memory.buffer);
      let total = 0, text = "";
      for (let i = 0; i < count; i++) {
        const base = view.getUint32(iovs + 8 * i, true), length = view.getUint32(iovs + 8 * i + 4, true);
        text += new TextDecoder().decode(new Uint8Array(memory.buffer, base, length));
        total += length;
      }
      if (text.trim()) console.error(`freehand engine: ${text}`);
      view.setUint32(written, total, true);
      return 0;
    },
    random_get(buffer, length) {
      crypto.getRandomValues(new Uint8Array(memory.buffer, buffer >>> 0, length >>> 0));
      return 0;
    },
    fd_close: () => 8,
    fd_seek: () => 8,
  };
  calls.attach = (exports) => { memory = exports.memory; };
  return new Proxy(calls, { get: (target, name) => target[name] ?? (() => 52) });
}

const encoder = new TextEncoder(), decoder = new TextDecoder();

class Engine {
  #calls;
  /** Why the engine stopped (a trap: its memory exhausted, or a fault), or null while it runs. */
  #stopped = null;
  constructor(exports) {
    // Every call into the module passes here: a trap leaves the engine's state half-changed, so it
    // becomes an `EngineStopped` error for that call and every later one (load() a new engine).
    this.#calls = { memory: exports.memory };
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value !== "function") continue;
      this.#calls[name] = (...args) => {
        if (this.#stopped) throw new FreehandError(-7, this.#stopped);
        try {
          return value(...args);
        } catch (error) {
          if (!(error instanceof WebAssembly.RuntimeError)) throw error;
          this.#stopped = `the engine stopped (${error.message}: its memory ran out, or a fault): load() a new one`;
          throw new FreehandError(-7, this.#stopped);
        }
      };
    }
  }

  /** Writes `bytes` (a Uint8Array or Float64Array) into input slot `slot`. */
  _input(slot, bytes) {
    const raw = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (raw.length > 0x7fffffff) throw new FreehandError(-6, `${raw.length} bytes are more than the engine takes at once (2 GiB)`);
    // Addresses and counts come back as signed 32-bit numbers: past 2 GiB of memory they read negative.
    const address = this.#calls.fh_input(slot, raw.length) >>> 0;
    // No room (a module's memory ends at 4 GiB): the engine answers with no address at all.
    if (address === 0 && raw.length > 0) throw new FreehandError(-6, `the engine's memory cannot take ${raw.length} bytes more`);
    new Uint8Array(this.#calls.memory.buffer, address, raw.length).set(raw);
  }

  _name(slot, name) {
    this._input(slot, name == null ? new Uint8Array(0) : encoder.encode(String(name)));
  }

  /** The last answer's text. */
  _text() {
    const count = this.#calls.fh_text_count() >>> 0;
    if (count === 0) return "";
    try {
      return decoder.decode(new Uint8Array(this.#calls.memory.buffer, this.#calls.fh_text() >>> 0, count));
    } catch (error) {
      // Past what one string may hold (V8's limit is 2²⁹ − 24 characters): said as the engine's error.
      throw new FreehandError(-6, `the answer, ${count} bytes of text, is longer than this JavaScript engine's strings can hold (${error.message})`);
    }
  }

  /** The last answer's numbers: a view of the module's memory, valid until the next call. */
  _numbers() {
    return new Float64Array(this.#calls.memory.buffer, this.#calls.fh_numbers() >>> 0, this.#calls.fh_numbers_count() >>> 0);
  }

  _check(code) {
    if (code < 0) throw new FreehandError(code, this._text());
    return code;
  }

  _call(name, ...args) {
    return this.#calls[name](...args);
  }

  /** Throws a `NotInModule` error when the loaded module lacks `name` (freehand-live.wasm reads no files). */
  _require(name, what) {
    if (typeof this.#calls[name] !== "function") {
      throw new FreehandError(-5, `${what} is not in this module (freehand-live.wasm draws live strokes only): load freehand.wasm`);
    }
  }

  /**
   * The outline of each stroke of an ink file (FreehandKit or recording JSON, signature_pad JSON,
   * binary, InkML), as the JSON text `freehand outline --precision exact` writes. `options.brush`
   * and `options.technique` draw every stroke with that brush or technique.
   */
  outline(file, options = {}) {
    this._require("fh_outline", "reading ink files");
    this._input(0, typeof file === "string" ? encoder.encode(file) : file);
    this._name(1, options.brush);
    this._name(2, options.technique);
    this._check(this.#calls.fh_outline());
    const text = this._text();
    this.#calls.fh_release();
    return text;
  }

  /** The outlines of `outline(file, options)` as objects: `[{outline: [[x, y], …], opacity}, …]`. */
  outlines(file, options = {}) {
    return JSON.parse(this.outline(file, options)).strokes;
  }

  /** The names the engine knows: techniques, brushes, presets, and the defaults. */
  catalog() {
    this._check(this.#calls.fh_catalog());
    return JSON.parse(this._text());
  }

  /**
   * The page's ink session (`InkSession`, the same code an iPad view drives): pointers drawing,
   * erasing and selecting, undo, the selection's edits, files opened onto the page. Starts empty.
   */
  session() {
    this._require("fh_session_reset", "the ink session");
    this.#calls.fh_session_reset();
    return new Session(this);
  }

  /**
   * Begins a live stroke. `options.brush`: a preset (`signature`, `handwriting`, …) or a brush
   * (`pressure`, …; default pressure); `options.technique` (default the preset's, else freehand);
   * `options.pointer`: "pen", "finger" or "mouse".
   */
  begin(options = {}) {
    this._name(1, options.brush);
    this._name(2, options.technique);
    const handle = this._check(this.#calls.fh_begin(POINTERS[options.pointer ?? "pen"] ?? 0));
    return new LiveStroke(this, handle);
  }
}

/** Samples as the engine reads them: seven Float64s each, NaN where a reading is absent. */
function packSamples(samples, predicted) {
  const all = new Float64Array(FIELDS * (samples.length + predicted.length));
  let offset = 0;
  for (const sample of samples.concat(predicted)) {
    all[offset] = sample.x;
    all[offset + 1] = sample.y;
    all[offset + 2] = sample.t ?? NaN;
    all[offset + 3] = sample.force ?? NaN;
    all[offset + 4] = sample.altitude ?? NaN;
    all[offset + 5] = sample.azimuth ?? NaN;
    all[offset + 6] = sample.radius ?? NaN;
    offset += FIELDS;
  }
  return all;
}

/** Reads an answer's numbers in order: plain values, points and pieces. */
class NumberReader {
  constructor(numbers) {
    this.numbers = numbers;
    this.index = 0;
  }

  next() {
    return this.numbers[this.index++];
  }

  /** `[count, x₀, y₀, …]` as a Float64Array view of the points. */
  points() {
    const count = this.next();
    const view = this.numbers.subarray(this.index, this.index + 2 * count);
    this.index += 2 * count;
    return view;
  }

  /** `[opacity, multiply, count, x₀, y₀, …]` as `{polygon, opacity, multiply}`. */
  piece() {
    const opacity = this.next(), multiply = this.next() === 1;
    return { polygon: this.points(), opacity, multiply };
  }
}

/**
 * An update read from the engine's answer: `committed` pieces (final: draw them once), whether they
 * `replace` the stroke's ink (after a snap), the `provisional` tail (redraw it each time; null for
 * none) and the samples `dropped` so far as invalid. Each piece is `{polygon, opacity, multiply}`:
 * `polygon` a Float64Array x₀, y₀, x₁, y₁, … viewing the module's memory — valid until the next
 * call into the engine (copy it with `.slice()` to keep it).
 */
function readUpdate(numbers) {
  const reader = new NumberReader(numbers);
  const replaces = reader.next() === 1;
  const committed = [];
  for (let count = reader.next(); count > 0; count--) committed.push(reader.piece());
  const provisional = reader.next() === 1 ? reader.piece() : null;
  return { committed, replaces, provisional, dropped: reader.next() };
}

class LiveStroke {
  #engine;
  constructor(engine, handle) {
    this.#engine = engine;
    this.handle = handle;
  }

  /**
   * Adds samples — `{x, y, t (seconds), force, altitude, azimuth, radius}`, every field but x and y
   * optional — and `predicted` ones (redrawn as the provisional tail, then replaced).
   */
  add(samples, predicted = []) {
    this.#engine._input(0, packSamples(samples, predicted));
    this.#engine._check(this.#engine._call("fh_add", this.handle, samples.length, predicted.length));
    return readUpdate(this.#engine._numbers());
  }

  /**
   * Ends the stroke. With `{snap: true}`, a stroke held still at its end for half a second that
   * traces a shape is replaced by the clean shape: the update `replaces` the ink and names `shape`.
   */
  end(options = {}) {
    this.#engine._check(this.#engine._call("fh_end", this.handle, options.snap ? 1 : 0));
    const update = readUpdate(this.#engine._numbers());
    update.shape = this.#engine._text() || null;
    return update;
  }

  /** Releases the stroke's memory in the engine (after `end`, or to abandon it). */
  free() {
    this.#engine._call("fh_free", this.handle);
  }
}

const ROLES = { draw: 0, erase: 1, select: 2 };
const CHANGES = ["began", "drawn", "ended", "cancelled"];
const EDITS = { undo: 0, redo: 1, clear: 2, deleteSelection: 3, duplicateSelection: 4, bringSelectionToFront: 5, clearSelection: 6 };

/** `[red, green, blue, alpha]` (0…1) from `#rrggbb`, `#rrggbbaa` or such an array. */
function rgba(color) {
  if (Array.isArray(color)) return [color[0], color[1], color[2], color[3] ?? 1];
  const hex = String(color).replace("#", "");
  const channel = (index) => parseInt(hex.slice(2 * index, 2 * index + 2), 16) / 255;
  return [channel(0), channel(1), channel(2), hex.length >= 8 ? channel(3) : 1];
}

/**
 * A session report: `repaint` (the finished ink changed: draw `session.ink()` again) and `live`,
 * each live stroke that changed: `{pointer, change ("began", "drawn", "ended", "cancelled"),
 * erases, color, multiply, committed, provisional}` (pieces as `LiveStroke.add` gives them).
 */
function readReport(numbers) {
  const reader = new NumberReader(numbers);
  const repaint = reader.next() === 1;
  const live = [];
  for (let count = reader.next(); count > 0; count--) {
    const pointer = reader.next(), change = CHANGES[reader.next()], erases = reader.next() === 1;
    const color = [reader.next(), reader.next(), reader.next(), reader.next()];
    const multiply = reader.next() === 1;
    const committed = [];
    for (let pieces = reader.next(); pieces > 0; pieces--) committed.push(reader.piece());
    const provisional = reader.next() === 1 ? reader.piece() : null;
    live.push({ pointer, change, erases, color, multiply, committed, provisional });
  }
  return { repaint, live };
}

class Session {
  #engine;
  constructor(engine) {
    this.#engine = engine;
  }

  #report(code) {
    this.#engine._check(code);
    return readReport(this.#engine._numbers());
  }

  /** What new strokes draw with: `preset` (a preset name), `color` (`#rrggbb[aa]` or [r, g, b, a]), `snap`. */
  pen({ preset, color = "#000000", snap = true } = {}) {
    this.#engine._name(1, preset);
    const [r, g, b, a] = rgba(color);
    this.#engine._check(this.#engine._call("fh_session_pen", r, g, b, a, snap ? 1 : 0));
  }

  /** Pointer `id` came down at (x, y): `pointer` "pen", "finger" or "mouse"; `role` "draw", "erase" or "select". */
  begin(id, { pointer = "pen", role = "draw", x, y }) {
    return this.#report(this.#engine._call("fh_session_begin", id, POINTERS[pointer] ?? 0, ROLES[role] ?? 0, x, y));
  }

  /** Samples of pointer `id` (as `LiveStroke.add` takes them), and predicted ones. */
  add(id, samples, predicted = []) {
    this.#engine._input(0, packSamples(samples, predicted));
    return this.#report(this.#engine._call("fh_session_add", id, samples.length, predicted.length));
  }

  /** Pointer `id` lifted; `{cancel: true}` when the system took it away (its stroke goes). */
  end(id, { cancel = false } = {}) {
    return this.#report(this.#engine._call("fh_session_end", id, cancel ? 1 : 0));
  }

  undo() { return this.#edit("undo"); }
  redo() { return this.#edit("redo"); }
  clear() { return this.#edit("clear"); }
  deleteSelection() { return this.#edit("deleteSelection"); }
  duplicateSelection() { return this.#edit("duplicateSelection"); }
  bringSelectionToFront() { return this.#edit("bringSelectionToFront"); }
  clearSelection() { return this.#edit("clearSelection"); }

  #edit(name) {
    return this.#report(this.#engine._call("fh_session_edit", EDITS[name]));
  }

  /** Recolours the selected strokes. */
  recolor(color) {
    const [r, g, b, a] = rgba(color);
    return this.#report(this.#engine._call("fh_session_recolor", r, g, b, a));
  }

  /** Maps the selection by `[a, b, c, d, tx, ty]` (x' = a x + c y + tx, y' = b x + d y + ty). */
  transform(matrix, { scaleWidth = false } = {}) {
    return this.#report(this.#engine._call("fh_session_transform", ...matrix, scaleWidth ? 1 : 0));
  }

  /**
   * The finished ink in drawing order: `[{polygon, holes, color, opacity, multiply}]`, each outline
   * resolved (fill the polygon with its holes, even-odd). Arrays view the module's memory until
   * the next call.
   */
  ink() {
    this.#engine._check(this.#engine._call("fh_session_ink"));
    const reader = new NumberReader(this.#engine._numbers());
    const strokes = [];
    for (let count = reader.next(); count > 0; count--) {
      const color = [reader.next(), reader.next(), reader.next(), reader.next()];
      const opacity = reader.next(), multiply = reader.next() === 1;
      const polygon = reader.points(), holes = [];
      for (let hole = reader.next(); hole > 0; hole--) holes.push(reader.points());
      strokes.push({ polygon, holes, color, opacity, multiply });
    }
    return strokes;
  }

  /** The selection: `{count, bounds: {minX, minY, maxX, maxY} | null, lasso: Float64Array}`. */
  selection() {
    this.#engine._check(this.#engine._call("fh_session_selection"));
    const reader = new NumberReader(this.#engine._numbers());
    const count = reader.next(), hasBounds = reader.next() === 1;
    const [minX, minY, maxX, maxY] = [reader.next(), reader.next(), reader.next(), reader.next()];
    return { count, bounds: hasBounds ? { minX, minY, maxX, maxY } : null, lasso: reader.points() };
  }

  /**
   * Opens an ink file (any format the engine reads) onto the page: one undoable edit. With
   * `fit: {x, y, width, height}` the ink is scaled (widths kept) and centred in that rectangle.
   */
  open(file, { fit } = {}) {
    this.#engine._input(0, typeof file === "string" ? encoder.encode(file) : file);
    const { x = 0, y = 0, width = 0, height = 0 } = fit ?? {};
    return this.#report(this.#engine._call("fh_session_open", x, y, width, height));
  }

  /** The drawing as FreehandKit JSON text. */
  save() {
    this.#engine._check(this.#engine._call("fh_session_save"));
    return this.#engine._text();
  }
}
