import type { PointGroup } from 'signature_pad';
import { describe, expect, it } from 'vitest';
import {
  clear,
  commit,
  emptyHistory,
  fitFactor,
  mapHistory,
  redo,
  rotateStrokes,
  scaleStrokes,
  undo,
} from './strokes.ts';

const stroke = (...points: [number, number][]): PointGroup => ({
  penColor: '#333',
  dotSize: 3,
  minWidth: 2,
  maxWidth: 4,
  velocityFilterWeight: 0.7,
  compositeOperation: 'source-over',
  points: points.map(([x, y], time) => ({ x, y, pressure: 0.5, time })),
});
const coords = (strokes: PointGroup[]) =>
  strokes.map((group) => group.points.map((point) => [point.x, point.y]));

const a = stroke([1, 1], [2, 2]);
const b = stroke([5, 5]);
const c = stroke([9, 0]);

describe('stroke history', () => {
  it('undoes the last stroke (重写) and redoes it', () => {
    let history = commit(emptyHistory(), [a]);
    history = commit(history, [a, b]);
    history = undo(history);
    expect(history.strokes).toEqual([a]);
    history = redo(history);
    expect(history.strokes).toEqual([a, b]);
    expect(redo(history)).toBe(history);
    expect(undo(undo(undo(history))).strokes).toEqual([]);
  });

  it('forgets what was undone once a new stroke is drawn', () => {
    let history = commit(commit(emptyHistory(), [a]), [a, b]);
    history = commit(undo(history), [a, c]);
    expect(history.future).toEqual([]);
    expect(redo(history).strokes).toEqual([a, c]);
    expect(undo(history).strokes).toEqual([a]);
  });

  it('clears in a way undo can take back, and leaves an empty pad as it is', () => {
    const history = commit(emptyHistory(), [a, b]);
    const cleared = clear(history);
    expect(cleared.strokes).toEqual([]);
    expect(undo(cleared).strokes).toEqual([a, b]);
    expect(clear(emptyHistory())).toEqual(emptyHistory());
  });

  it('moves every snapshot when the coordinates change', () => {
    const history = undo(commit(commit(emptyHistory(), [a]), [a, b]));
    const doubled = mapHistory(history, (strokes) => scaleStrokes(strokes, 2));
    expect(coords(doubled.strokes)).toEqual([
      [
        [2, 2],
        [4, 4],
      ],
    ]);
    expect(coords(doubled.future[0] ?? [])[1]).toEqual([[10, 10]]);
  });
});

describe('resizing and turning', () => {
  it('scales both axes by one factor, keeping the signature’s shape', () => {
    expect(fitFactor({ width: 400, height: 200 }, { width: 200, height: 200 })).toBe(0.5);
    expect(fitFactor({ width: 400, height: 200 }, { width: 800, height: 300 })).toBe(1.5);
    expect(coords(scaleStrokes([a], 0.5))).toEqual([
      [
        [0.5, 0.5],
        [1, 1],
      ],
    ]);
    expect(scaleStrokes([a], 1)).toEqual([a]);
  });

  it('turns by exact quarter turns, and a turn one way then back is where it started', () => {
    const frame = { width: 300, height: 100 };
    const clockwise = rotateStrokes([c], 1, frame);
    // Near the top-left of a 300 × 100 frame, turned clockwise: near the top-right of the 100 × 300 frame.
    expect(coords(clockwise)).toEqual([[[100, 9]]]);
    const back = rotateStrokes(clockwise, -1, { width: frame.height, height: frame.width });
    expect(coords(back)).toEqual(coords([c]));
    const full = [1, 2, 3, 4].reduce<{ strokes: PointGroup[]; frame: { width: number; height: number } }>(
      (state) => ({
        strokes: rotateStrokes(state.strokes, 1, state.frame),
        frame: { width: state.frame.height, height: state.frame.width },
      }),
      { strokes: [a, b], frame },
    );
    expect(coords(full.strokes)).toEqual(coords([a, b]));
  });
});
