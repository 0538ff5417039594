import type { PointGroup } from 'signature_pad';

/**
 * The pad's strokes as snapshots, so undo, redo and clear are one model: every change (a finished stroke, a
 * clear) pushes the previous snapshot onto `past` and forgets what was undone.
 */
export interface StrokeHistory {
  strokes: PointGroup[];
  past: PointGroup[][];
  future: PointGroup[][];
}

export interface Size {
  width: number;
  height: number;
}

export const emptyHistory = (): StrokeHistory => ({ strokes: [], past: [], future: [] });

export function commit(history: StrokeHistory, strokes: PointGroup[]): StrokeHistory {
  return { strokes, past: [...history.past, history.strokes], future: [] };
}

/** 重写: back to before the last change (normally the last stroke). */
export function undo(history: StrokeHistory): StrokeHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { strokes: previous, past: history.past.slice(0, -1), future: [history.strokes, ...history.future] };
}

export function redo(history: StrokeHistory): StrokeHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { strokes: next, past: [...history.past, history.strokes], future: rest };
}

/** 清除: empties the pad; undo brings the strokes back. Clearing an empty pad changes nothing. */
export function clear(history: StrokeHistory): StrokeHistory {
  return history.strokes.length === 0 ? history : commit(history, []);
}

/** Applies a change of coordinates to every snapshot, so undo after a resize or a turn stays in place. */
export function mapHistory(
  history: StrokeHistory,
  change: (strokes: PointGroup[]) => PointGroup[],
): StrokeHistory {
  return {
    strokes: change(history.strokes),
    past: history.past.map(change),
    future: history.future.map(change),
  };
}

const mapPoints = (strokes: PointGroup[], move: (x: number, y: number) => [number, number]): PointGroup[] =>
  strokes.map((stroke) => ({
    ...stroke,
    points: stroke.points.map((point) => {
      const [x, y] = move(point.x, point.y);
      return { ...point, x, y };
    }),
  }));

/** Scales the drawing by one factor for both axes, so a signature keeps its shape on a resized pad. */
export function scaleStrokes(strokes: PointGroup[], factor: number): PointGroup[] {
  return factor === 1 ? strokes : mapPoints(strokes, (x, y) => [x * factor, y * factor]);
}

/**
 * Turns the drawing a quarter turn inside its frame: clockwise (1) or counter-clockwise (-1). The pad turns only in
 * quarter turns, so points stay exact and nothing is cropped; the turned frame is `height × width`.
 */
export function rotateStrokes(strokes: PointGroup[], direction: 1 | -1, frame: Size): PointGroup[] {
  return direction === 1
    ? mapPoints(strokes, (x, y) => [frame.height - y, x])
    : mapPoints(strokes, (x, y) => [y, frame.width - x]);
}

/** The factor that fits a drawing made on `from` into `to` without cropping or distorting it. */
export function fitFactor(from: Size, to: Size): number {
  if (from.width <= 0 || from.height <= 0) return 1;
  return Math.min(to.width / from.width, to.height / from.height);
}
