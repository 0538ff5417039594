import type { Options, PointGroup } from 'signature_pad';
import { vi } from 'vitest';

/**
 * Stands in for signature_pad under jsdom, which has no canvas drawing: it keeps the strokes it is given and
 * lets a test "draw" one, firing endStroke as the real pad does when a finger lifts.
 */
export class FakeSignaturePad extends EventTarget {
  static instances: FakeSignaturePad[] = [];
  data: PointGroup[] = [];
  listening = true;
  readonly off = vi.fn(() => {
    this.listening = false;
  });
  readonly on = vi.fn(() => {
    this.listening = true;
  });
  readonly fromData = vi.fn((groups: PointGroup[]) => {
    this.data = [...groups];
  });

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly options: Options = {},
  ) {
    super();
    FakeSignaturePad.instances.push(this);
  }

  /** Like the real pad, the live array itself: it changes as strokes are drawn. */
  toData(): PointGroup[] {
    return this.data;
  }

  /** A finished stroke through the given points, unless the pad is read-only (listeners off). */
  draw(...points: [number, number][]) {
    if (!this.listening) return;
    this.data.push({
      penColor: String(this.options.penColor),
      dotSize: 3,
      minWidth: Number(this.options.minWidth),
      maxWidth: Number(this.options.maxWidth),
      velocityFilterWeight: 0.7,
      compositeOperation: 'source-over',
      points: points.map(([x, y], time) => ({ x, y, pressure: 0.5, time })),
    });
    this.dispatchEvent(new Event('endStroke'));
  }

  static get last(): FakeSignaturePad {
    const pad = FakeSignaturePad.instances.at(-1);
    if (!pad) throw new Error('no signature pad was created');
    return pad;
  }
}

/** A 2D context and canvas export for jsdom, recording the transforms the export applies. */
export function stubCanvas(size: { width: number; height: number } | null = { width: 300, height: 150 }) {
  const context = { scale: vi.fn(), translate: vi.fn(), rotate: vi.fn(), drawImage: vi.fn() };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  const exported: { width: number; height: number; type: string | undefined }[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
    type?: string,
  ) {
    exported.push({ width: this.width, height: this.height, type });
    callback(new Blob(['png'], { type: 'image/png' }));
  });
  let current = size;
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockImplementation(() => {
    const { width, height } = current ?? { width: 0, height: 0 };
    return { width, height, x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, toJSON: () => ({}) };
  });
  return {
    context,
    /** The canvases exported, in order: their pixel size and the type asked for. */
    exported,
    resizeTo(next: { width: number; height: number }) {
      current = next;
    },
  };
}
