// The page's finished ink as square tiles cached per zoom, kept as FreehandRender's TiledCanvas
// keeps them: a frame is answered at once from the cache — the view's own tiles, and where they
// are missing the nearest zoom's tiles scaled (a pinch shows the page at once, soft for a moment) —
// and the tiles still missing are rendered a few at a time between frames, the visible ones
// first (nearest the centre), then the ring just beyond the edges, so that a pan finds its new
// tiles ready. A stroke that ends on top is drawn into the cached tiles it crosses; any other
// change marks only the tiles under the strokes it changed out of date (shown until rendered
// again). The cache holds at most `budget` tiles, dropping those used longest ago, never one of
// the current frame. Coordinates: page points; a view is { x, y, z, width, height } — the device
// pixel of the page's level at the view's top-left corner (whole pixels), device pixels per point,
// and the view's size in device pixels.
"use strict";

class TileCache {
  constructor(fill, { side = 256, budget = 384 } = {}) {
    this.fill = fill;              // (context, piece, color): fills one outline in page points
    this.side = side;
    this.budget = budget;
    this.tiles = new Map();        // "z|column|row" → { canvas, z, column, row, lastUse, stale }
    this.levels = new Map();       // z → how many tiles that zoom has
    this.strokes = [];             // { piece, color, bounds, signature }
    this.grid = new Map();         // "column|row" of 256-point cells → stroke indices, in order
    this.clock = 0;
    this.pending = [];             // visible tiles missing or out of date, nearest the centre first
    this.ahead = [];               // the ring beyond the edges, the same
    this.rendered = 0;             // tiles rendered so far (a page can watch its work)
  }

  // Takes the drawing's strokes as they are now ({ piece, color } in drawing order): strokes
  // added on top are drawn into the cached tiles; the tiles under strokes that changed, went or
  // moved in the order are marked out of date.
  setStrokes(strokes) {
    const next = strokes.map(({ piece, color }) => ({ piece, color, bounds: TileCache.bounds(piece), signature: TileCache.signature(piece, color) }));
    const old = this.strokes;
    let head = 0;
    while (head < old.length && head < next.length && old[head].signature === next[head].signature) head++;
    let tail = 0;
    while (tail < old.length - head && tail < next.length - head && old[old.length - 1 - tail].signature === next[next.length - 1 - tail].signature) tail++;
    this.strokes = next;
    this.grid = new Map();
    next.forEach((stroke, index) => this.file(stroke, index));
    if (head === old.length && tail === 0) {
      // Strokes added on top: drawn into the tiles they cross, none rendered again.
      for (const stroke of next.slice(head)) {
        if (!stroke.bounds) continue;
        for (const tile of this.tiles.values()) {
          if (!tile.stale && TileCache.meets(stroke.bounds, this.rect(tile))) this.paint(tile, [stroke]);
        }
      }
      return;
    }
    const changed = old.slice(head, old.length - tail).concat(next.slice(head, next.length - tail)).map((stroke) => stroke.bounds).filter(Boolean);
    for (const tile of this.tiles.values()) {
      const rect = this.rect(tile);
      if (changed.some((bounds) => TileCache.meets(bounds, rect))) tile.stale = true;
    }
  }

  // Forgets every cached tile (another drawing: nothing cached is worth showing).
  clear() {
    this.tiles.clear();
    this.levels.clear();
    this.pending = [];
    this.ahead = [];
  }

  // What to draw for `view`, from the cache alone: { draws: [{ canvas, x, y, width, height, sharp,
  // own }], missing } in drawing order (stand-ins of other zooms first, the view's own tiles over
  // them: `own`, drawn over a cleared area, as a tile is transparent where it has no ink).
  // Remembers the visible tiles still to render, and the ring beyond the edges.
  frame(view) {
    this.clock++;
    const side = this.side, z = view.z;
    const columns = [Math.floor(view.x / side), Math.floor((view.x + view.width - 1) / side)];
    const rows = [Math.floor(view.y / side), Math.floor((view.y + view.height - 1) / side)];
    const sharp = [], standIns = [], shown = new Set(), missing = [];
    const apart = (other) => Math.max(other / z, z / other);
    const others = [...this.levels.keys()].filter((other) => other !== z && other <= 4 * z)
      .sort((a, b) => apart(a) - apart(b) || b - a);
    for (let row = rows[0]; row <= rows[1]; row++) {
      for (let column = columns[0]; column <= columns[1]; column++) {
        const tile = this.tiles.get(TileCache.key(z, column, row));
        if (tile) {
          tile.lastUse = this.clock;
          sharp.push({ canvas: tile.canvas, x: column * side - view.x, y: row * side - view.y, width: side, height: side, sharp: !tile.stale, own: true });
          if (tile.stale) missing.push({ z, column, row });
          continue;
        }
        missing.push({ z, column, row });
        // Stand-ins: the nearest zoom with tiles over this one's area.
        const area = this.area({ z, column, row });
        for (const other of others) {
          const span = side / other;
          let found = false;
          for (let r = Math.floor(area[1] / span); r * span < area[3]; r++) {
            for (let c = Math.floor(area[0] / span); c * span < area[2]; c++) {
              const key = TileCache.key(other, c, r), stand = this.tiles.get(key);
              if (!stand) continue;
              found = true;
              if (shown.has(key)) continue;
              shown.add(key);
              stand.lastUse = this.clock;
              const covered = this.area(stand);
              standIns.push({ canvas: stand.canvas, x: covered[0] * z - view.x, y: covered[1] * z - view.y,
                width: (covered[2] - covered[0]) * z, height: (covered[3] - covered[1]) * z, sharp: false });
            }
          }
          if (found) break;
        }
      }
    }
    const centre = [view.x + view.width / 2, view.y + view.height / 2];
    const distance = (t) => Math.hypot((t.column + 0.5) * side - centre[0], (t.row + 0.5) * side - centre[1]);
    this.pending = missing.sort((a, b) => distance(a) - distance(b));
    const ring = [];
    for (let row = rows[0] - 1; row <= rows[1] + 1; row++) {
      for (let column = columns[0] - 1; column <= columns[1] + 1; column++) {
        if (row >= rows[0] && row <= rows[1] && column >= columns[0] && column <= columns[1]) continue;
        const tile = this.tiles.get(TileCache.key(z, column, row));
        if (tile) {
          tile.lastUse = this.clock;
          if (!tile.stale) continue;
        }
        ring.push({ z, column, row });
      }
    }
    this.ahead = ring.sort((a, b) => distance(a) - distance(b));
    return { draws: standIns.concat(sharp), missing: this.pending.length };
  }

  // Renders the last frame's missing tiles, then the ring's, until `deadline` (performance.now()
  // milliseconds) or none is left; returns how many visible ones it rendered.
  render(deadline) {
    let visible = 0;
    while ((this.pending.length || this.ahead.length) && performance.now() < deadline) {
      const isVisible = this.pending.length > 0;
      const wanted = isVisible ? this.pending.shift() : this.ahead.shift();
      const key = TileCache.key(wanted.z, wanted.column, wanted.row);
      let tile = this.tiles.get(key);
      if (!tile) {
        if (!this.makeRoom()) break;
        tile = { canvas: TileCache.canvas(this.side), z: wanted.z, column: wanted.column, row: wanted.row, lastUse: this.clock, stale: true };
        this.tiles.set(key, tile);
        this.levels.set(wanted.z, (this.levels.get(wanted.z) || 0) + 1);
      }
      const context = tile.canvas.getContext("2d");
      context.setTransform(1, 0, 0, 1, 0, 0);
      context.clearRect(0, 0, this.side, this.side);
      this.paint(tile, this.candidates(this.rect(tile)));
      tile.stale = false;
      tile.lastUse = this.clock;
      this.rendered++;
      if (isVisible) visible++;
    }
    return visible;
  }

  // True while some visible or ring tile is still to render.
  get busy() { return this.pending.length > 0 || this.ahead.length > 0; }

  // Drops the tile used longest ago that the last frame did not use, when the cache is full;
  // false when it is full of the last frame's tiles.
  makeRoom() {
    if (this.tiles.size < this.budget) return true;
    let oldest = null;
    for (const [key, tile] of this.tiles) {
      if (tile.lastUse < this.clock && (!oldest || tile.lastUse < oldest[1].lastUse)) oldest = [key, tile];
    }
    if (!oldest) return false;
    this.tiles.delete(oldest[0]);
    const count = this.levels.get(oldest[1].z) - 1;
    if (count > 0) this.levels.set(oldest[1].z, count); else this.levels.delete(oldest[1].z);
    return true;
  }

  // Fills `strokes` into `tile`, in order.
  paint(tile, strokes) {
    const context = tile.canvas.getContext("2d");
    context.setTransform(tile.z, 0, 0, tile.z, -tile.column * this.side, -tile.row * this.side);
    for (const stroke of strokes) this.fill(context, stroke.piece, stroke.color);
  }

  // The strokes that reach `rect` (page points, [x0, y0, x1, y1], a pixel of margin), in order.
  candidates(rect) {
    const found = new Set();
    for (let r = Math.floor(rect[1] / 256); r <= Math.floor(rect[3] / 256); r++) {
      for (let c = Math.floor(rect[0] / 256); c <= Math.floor(rect[2] / 256); c++) {
        for (const index of this.grid.get(c + "|" + r) || []) found.add(index);
      }
    }
    return [...found].sort((a, b) => a - b).map((index) => this.strokes[index]).filter((stroke) => TileCache.meets(stroke.bounds, rect));
  }

  // Files stroke `index` in the cells its bounds cover (a stroke over more than 1,024 cells is
  // listed in none: it draws nothing a page shows).
  file(stroke, index) {
    const b = stroke.bounds;
    if (!b) return;
    const c0 = Math.floor(b[0] / 256), c1 = Math.floor(b[2] / 256), r0 = Math.floor(b[1] / 256), r1 = Math.floor(b[3] / 256);
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > 1024) return;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const key = c + "|" + r;
        if (!this.grid.has(key)) this.grid.set(key, []);
        this.grid.get(key).push(index);
      }
    }
  }

  // The page points a tile covers: [x0, y0, x1, y1].
  area({ z, column, row }) {
    const side = this.side;
    return [column * side / z, row * side / z, (column + 1) * side / z, (row + 1) * side / z];
  }

  // The page points a tile's pixels can be inked from: its area and a device pixel of margin.
  rect(tile) {
    const [x0, y0, x1, y1] = this.area(tile), margin = 1 / tile.z;
    return [x0 - margin, y0 - margin, x1 + margin, y1 + margin];
  }

  static key(z, column, row) { return z + "|" + column + "|" + row; }

  static meets(a, b) { return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]; }

  // An outline's bounds [x0, y0, x1, y1], or null for one with no point.
  static bounds(piece) {
    const p = piece.points;
    if (!p || p.length < 2) return null;
    let b = [p[0], p[1], p[0], p[1]];
    for (let i = 2; i + 1 < p.length; i += 2) {
      if (p[i] < b[0]) b[0] = p[i]; else if (p[i] > b[2]) b[2] = p[i];
      if (p[i + 1] < b[1]) b[1] = p[i + 1]; else if (p[i + 1] > b[3]) b[3] = p[i + 1];
    }
    return b;
  }

  // A stroke's look and every point of its outline, hashed: equal for a stroke left as it was.
  static signature(piece, color) {
    let hash = 2166136261;
    const mix = (value) => { hash = Math.imul(hash ^ (value | 0), 16777619) >>> 0; };
    for (const ring of [piece.points, ...(piece.holes || [])]) {
      mix(ring.length);
      for (const value of ring) mix(Math.round(value * 1000));
    }
    return `${color}|${piece.opacity}|${piece.blend || ""}|${hash}`;
  }

  // A tile's pixels (a canvas element: every browser draws one into another).
  static canvas(side) {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = side;
    return canvas;
  }
}
