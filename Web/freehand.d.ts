// TypeScript declarations for freehand.js: FreehandKit's ink engine as WebAssembly. See docs/web.md.

/** One sample of a stroke. Positions in points (CSS pixels at 1×), y down. */
export interface InkSample {
  x: number;
  y: number;
  /** Time, seconds (any origin; increasing). */
  t?: number;
  /** Force, 0…1 of the device's maximum (a pen's pressure). */
  force?: number;
  /** Altitude of the pen above the surface, radians (0 flat … π/2 upright). */
  altitude?: number;
  /** Azimuth of the pen, radians. */
  azimuth?: number;
  /** Contact radius, points (a finger's). */
  radius?: number;
}

/** A closed polygon of ink, to be filled with the non-zero rule. */
export interface InkPiece {
  /** x₀, y₀, x₁, y₁, …: a view of the engine's memory, valid until the next call (`.slice()` keeps it). */
  polygon: Float64Array;
  /** 0…1. */
  opacity: number;
  /** True for ink multiplied with what is under it (a highlighter). */
  multiply: boolean;
}

/** What a call on a live stroke changed. */
export interface InkUpdate {
  /** Final ink: draw each piece once. */
  committed: InkPiece[];
  /** True when `committed` is the stroke's whole ink, replacing what was drawn (after a snap). */
  replaces: boolean;
  /** The tail not yet final (predictions included): redraw it each update; null for none. */
  provisional: InkPiece | null;
  /** Samples dropped so far as invalid (non-finite or out-of-range positions or times). */
  dropped: number;
  /** After `end({snap: true})`: the shape the stroke snapped to (`"circle"`, `"line"`, …), or null. */
  shape?: string | null;
}

export interface StrokeOptions {
  /** A preset (`signature`, `handwriting`, `sketch`, `raw`, `fountain-pen`, `highlighter`) or a brush name. */
  brush?: string;
  /** A technique name (default: the preset's, else `freehand`). */
  technique?: string;
  /** The pointer that draws: pens, fingers and mice are smoothed each their own way. */
  pointer?: "pen" | "finger" | "mouse";
}

export interface LiveStroke {
  readonly handle: number;
  /** Adds coalesced samples, and predicted ones drawn only in the provisional tail. */
  add(samples: InkSample[], predicted?: InkSample[]): InkUpdate;
  /** Ends the stroke; with `snap`, a stroke held still at its end becomes the clean shape it traces. */
  end(options?: { snap?: boolean }): InkUpdate;
  /** Releases the stroke's memory in the engine. */
  free(): void;
}

export interface Catalog {
  techniques: string[];
  brushes: string[];
  presets: string[];
  defaultTechnique: string;
  defaultBrush: string;
}

/** A live stroke of the page's session, as a report names it. */
export interface SessionInk {
  pointer: number;
  change: "began" | "drawn" | "ended" | "cancelled";
  /** True for an eraser's trail (drawn faintly; it cuts the ink when it ends). */
  erases: boolean;
  /** Red, green, blue, alpha, 0…1. */
  color: [number, number, number, number];
  multiply: boolean;
  committed: InkPiece[];
  provisional: InkPiece | null;
}

/** What a session call changed. */
export interface SessionReport {
  /** The finished ink changed: draw `session.ink()` again. */
  repaint: boolean;
  live: SessionInk[];
}

/** A finished stroke: its resolved outline (fill the polygon with its holes, even-odd). */
export interface FinishedInk {
  polygon: Float64Array;
  holes: Float64Array[];
  color: [number, number, number, number];
  opacity: number;
  multiply: boolean;
}

/** The page's ink session: `InkSession` compiled to WebAssembly. */
export interface Session {
  pen(options?: { preset?: string; color?: string | number[]; snap?: boolean }): void;
  begin(id: number, options: { pointer?: "pen" | "finger" | "mouse"; role?: "draw" | "erase" | "select"; x: number; y: number }): SessionReport;
  add(id: number, samples: InkSample[], predicted?: InkSample[]): SessionReport;
  end(id: number, options?: { cancel?: boolean }): SessionReport;
  undo(): SessionReport;
  redo(): SessionReport;
  clear(): SessionReport;
  deleteSelection(): SessionReport;
  duplicateSelection(): SessionReport;
  bringSelectionToFront(): SessionReport;
  clearSelection(): SessionReport;
  recolor(color: string | number[]): SessionReport;
  /** Maps the selection by [a, b, c, d, tx, ty]: x' = a x + c y + tx, y' = b x + d y + ty. */
  transform(matrix: [number, number, number, number, number, number], options?: { scaleWidth?: boolean }): SessionReport;
  ink(): FinishedInk[];
  selection(): { count: number; bounds: { minX: number; minY: number; maxX: number; maxY: number } | null; lasso: Float64Array };
  /** Opens an ink file onto the page (one undoable edit), fitted into `fit` when given. */
  open(file: string | Uint8Array, options?: { fit?: { x: number; y: number; width: number; height: number } }): SessionReport;
  /** The drawing as FreehandKit JSON text. */
  save(): string;
}

export interface Engine {
  /** The page's ink session, started empty (one per engine). */
  session(): Session;
  /** The JSON text `freehand outline --precision exact` writes for this ink file. */
  outline(file: string | Uint8Array, options?: { brush?: string; technique?: string }): string;
  /** `outline` parsed: one `{outline: [[x, y], …], opacity}` per stroke. */
  outlines(file: string | Uint8Array, options?: { brush?: string; technique?: string }): { outline: [number, number][]; opacity: number }[];
  catalog(): Catalog;
  begin(options?: StrokeOptions): LiveStroke;
}

/**
 * An error from the engine; `name` is the Swift error type (`ParameterError`, `UnreadableInk`, …),
 * `NotInModule` for a call the loaded module does not hold (freehand-live.wasm reads no files
 * and has no session), `OutOfMemory` for an input the module's memory (at most 4 GiB) cannot
 * take or an answer longer than a JavaScript string may be, or `EngineStopped` for every call once
 * the module has trapped (its memory ran out mid-call): `load()` another engine.
 */
export class FreehandError extends Error {
  readonly code: number;
}

/**
 * Loads the engine from `source` (default: freehand.wasm beside the module). freehand-live.wasm,
 * beside it, holds the live strokes and the catalogue alone: `outline`, `outlines` and `session`
 * then throw a `NotInModule` error.
 */
export function load(source?: URL | string | Response | ArrayBuffer | Uint8Array): Promise<Engine>;
