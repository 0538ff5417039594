import { padStrokeWidths, SIGNATURE_PEN } from '@kxt/contracts/signing';
import SignaturePad from 'signature_pad';
import {
  clear,
  commit,
  emptyHistory,
  fitFactor,
  mapHistory,
  redo,
  rotateStrokes,
  type Size,
  type StrokeHistory,
  scaleStrokes,
  undo,
} from './strokes.ts';

export interface PadState {
  empty: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

/**
 * The signing pad over signature_pad: the pen of spec §9, a canvas as sharp as the screen, strokes kept through
 * resizes and quarter turns, undo/redo/clear, read-only mode, and the PNG export.
 */
export class SignatureController {
  readonly #canvas: HTMLCanvasElement;
  readonly #pad: SignaturePad;
  readonly #readOnly: boolean;
  readonly #onChange: (state: PadState) => void;
  #history: StrokeHistory = emptyHistory();
  /** The CSS size the strokes' coordinates refer to. */
  #frame: Size | null = null;
  #landscape = false;

  constructor(
    canvas: HTMLCanvasElement,
    options: { readOnly: boolean; onChange: (state: PadState) => void },
  ) {
    this.#canvas = canvas;
    this.#readOnly = options.readOnly;
    this.#onChange = options.onChange;
    const { minWidth, maxWidth } = padStrokeWidths();
    this.#pad = new SignaturePad(canvas, {
      penColor: SIGNATURE_PEN.color,
      minWidth,
      maxWidth,
      dotSize: SIGNATURE_PEN.width * 0.75,
      // Transparent: the grey is the canvas's CSS background, so the exported PNG holds only the ink.
      backgroundColor: 'rgba(0,0,0,0)',
    });
    this.#pad.addEventListener('endStroke', () => {
      // toData() is the pad's live array, which the next stroke changes: keep a copy.
      const strokes = this.#pad
        .toData()
        .map((stroke) => ({ ...stroke, points: stroke.points.map((point) => ({ ...point })) }));
      this.#history = commit(this.#history, strokes);
      this.#notify();
    });
    if (this.#readOnly) this.#pad.off();
    this.resize();
  }

  get state(): PadState {
    return {
      empty: this.#history.strokes.length === 0,
      canUndo: !this.#readOnly && this.#history.past.length > 0,
      canRedo: !this.#readOnly && this.#history.future.length > 0,
    };
  }

  /**
   * Matches the canvas's pixels to its CSS size times the device pixel ratio (sharp lines on high-DPI screens)
   * and redraws the strokes, scaled to the new size with their proportions kept. Setting the canvas size clears
   * it, which is why the strokes are kept here rather than only in the canvas.
   */
  resize(force = false): void {
    const rect = this.#canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    const size = { width: rect.width, height: rect.height };
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const pixels = { width: Math.round(size.width * ratio), height: Math.round(size.height * ratio) };
    const unchanged =
      this.#frame?.width === size.width &&
      this.#frame.height === size.height &&
      this.#canvas.width === pixels.width &&
      this.#canvas.height === pixels.height;
    // Nothing to do (a stroke in progress would be cut short by a redraw).
    if (unchanged && !force) return;
    this.#canvas.width = pixels.width;
    this.#canvas.height = pixels.height;
    this.#canvas.getContext('2d')?.scale(ratio, ratio);
    if (this.#frame) {
      const factor = fitFactor(this.#frame, size);
      this.#history = mapHistory(this.#history, (strokes) => scaleStrokes(strokes, factor));
    }
    this.#frame = size;
    this.#redraw();
  }

  /**
   * Switches the landscape signing mode. The pad turns by a quarter turn (never any other angle): the strokes are
   * turned with it, so what is on the pad stays upright for the signer, then fitted to the pad's new size.
   */
  setLandscape(landscape: boolean): void {
    if (landscape === this.#landscape) return;
    this.#landscape = landscape;
    const frame = this.#frame;
    if (frame) {
      this.#history = mapHistory(this.#history, (strokes) =>
        rotateStrokes(strokes, landscape ? 1 : -1, frame),
      );
      this.#frame = { width: frame.height, height: frame.width };
    }
    this.resize(true);
  }

  undo(): void {
    if (this.#readOnly) return;
    this.#history = undo(this.#history);
    this.#redraw();
  }

  redo(): void {
    if (this.#readOnly) return;
    this.#history = redo(this.#history);
    this.#redraw();
  }

  /** Empties the pad; read-only pads (view mode) ignore it. */
  clear(): void {
    if (this.#readOnly) return;
    this.#history = clear(this.#history);
    this.#redraw();
  }

  /**
   * The signature as a PNG. In landscape mode the signer wrote along the screen's long side with the phone turned
   * to the left, so the picture is turned back a quarter turn to read left to right.
   */
  toBlob(): Promise<Blob> {
    let source = this.#canvas;
    if (this.#landscape) {
      source = document.createElement('canvas');
      source.width = this.#canvas.height;
      source.height = this.#canvas.width;
      const context = source.getContext('2d');
      context?.translate(0, this.#canvas.width);
      context?.rotate(-Math.PI / 2);
      context?.drawImage(this.#canvas, 0, 0);
    }
    return new Promise((resolve, reject) => {
      source.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The signature could not be exported'))),
        'image/png',
      );
    });
  }

  destroy(): void {
    this.#pad.off();
  }

  #redraw() {
    this.#pad.fromData(this.#history.strokes);
    this.#notify();
  }

  #notify() {
    this.#onChange(this.state);
  }
}
