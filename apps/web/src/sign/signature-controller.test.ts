import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SignatureController } from './signature-controller.ts';
import { FakeSignaturePad, stubCanvas } from './test-pad.ts';

vi.mock('signature_pad', async () => ({ default: (await import('./test-pad.ts')).FakeSignaturePad }));

const points = (pad: FakeSignaturePad) =>
  pad.data.map((group) => group.points.map((point) => [point.x, point.y]));

beforeEach(() => {
  FakeSignaturePad.instances = [];
  vi.stubGlobal('devicePixelRatio', 3);
});

function setup(readOnly = false) {
  const canvasStub = stubCanvas({ width: 300, height: 150 });
  const canvas = document.createElement('canvas');
  const onChange = vi.fn();
  const controller = new SignatureController(canvas, { readOnly, onChange });
  return { canvas, canvasStub, controller, onChange, pad: FakeSignaturePad.last };
}

describe('SignatureController', () => {
  it('draws with the spec pen: #333, 2–4 px (pen width 4 at the writing pen’s 10:20 ratio)', () => {
    const { pad } = setup();
    expect(pad.options).toMatchObject({ penColor: '#333', minWidth: 2, maxWidth: 4 });
  });

  it('sizes the canvas to its CSS size times the device pixel ratio', () => {
    const { canvas, canvasStub } = setup();
    expect([canvas.width, canvas.height]).toEqual([900, 450]);
    expect(canvasStub.context.scale).toHaveBeenCalledWith(3, 3);
  });

  it('undoes and redoes the last stroke and reports what is possible', () => {
    const { controller, pad, onChange } = setup();
    expect(controller.state).toEqual({ empty: true, canUndo: false, canRedo: false });
    pad.draw([10, 10], [20, 20]);
    pad.draw([50, 50], [60, 60]);
    expect(controller.state).toEqual({ empty: false, canUndo: true, canRedo: false });
    controller.undo();
    expect(points(pad)).toEqual([
      [
        [10, 10],
        [20, 20],
      ],
    ]);
    expect(onChange).toHaveBeenLastCalledWith({ empty: false, canUndo: true, canRedo: true });
    controller.redo();
    expect(pad.data).toHaveLength(2);
    controller.clear();
    expect(controller.state.empty).toBe(true);
    controller.undo();
    expect(pad.data).toHaveLength(2);
  });

  it('ignores input, clear, undo and redo when read-only (view mode)', () => {
    const { controller, pad } = setup(true);
    expect(pad.off).toHaveBeenCalled();
    pad.draw([1, 1]);
    controller.clear();
    controller.undo();
    expect(controller.state).toEqual({ empty: true, canUndo: false, canRedo: false });
    expect(pad.fromData).toHaveBeenCalledTimes(1); // the first layout only
  });

  it('keeps the strokes through a resize, scaled with their proportions', () => {
    const { controller, pad, canvasStub, canvas } = setup();
    pad.draw([100, 50], [200, 100]);
    canvasStub.resizeTo({ width: 150, height: 150 });
    controller.resize();
    expect([canvas.width, canvas.height]).toEqual([450, 450]);
    expect(points(pad)).toEqual([
      [
        [50, 25],
        [100, 50],
      ],
    ]);
  });

  it('does not redraw when the size did not change, so a stroke in progress is not cut', () => {
    const { controller, pad } = setup();
    const calls = pad.fromData.mock.calls.length;
    controller.resize();
    expect(pad.fromData).toHaveBeenCalledTimes(calls);
  });

  it('turns the strokes a quarter turn into landscape mode and back', () => {
    const { controller, pad, canvasStub } = setup();
    pad.draw([30, 10]);
    canvasStub.resizeTo({ width: 150, height: 300 });
    controller.setLandscape(true);
    // (30, 10) in 300 × 150, turned clockwise: (150 − 10, 30) in 150 × 300, which is the new size.
    expect(points(pad)).toEqual([[[140, 30]]]);
    canvasStub.resizeTo({ width: 300, height: 150 });
    controller.setLandscape(false);
    expect(points(pad)).toEqual([[[30, 10]]]);
  });

  it('exports a PNG, turned back a quarter turn in landscape mode', async () => {
    const { controller, pad, canvasStub } = setup();
    pad.draw([30, 10]);
    const portrait = await controller.toBlob();
    expect(portrait.type).toBe('image/png');
    expect(canvasStub.exported[0]).toEqual({ width: 900, height: 450, type: 'image/png' });
    expect(canvasStub.context.rotate).not.toHaveBeenCalled();

    canvasStub.resizeTo({ width: 150, height: 300 });
    controller.setLandscape(true);
    await controller.toBlob();
    // The pad is 450 × 900 pixels in landscape mode; the picture is turned back to 900 × 450.
    expect(canvasStub.exported[1]).toEqual({ width: 900, height: 450, type: 'image/png' });
    expect(canvasStub.context.translate).toHaveBeenCalledWith(0, 450);
    expect(canvasStub.context.rotate).toHaveBeenCalledWith(-Math.PI / 2);
  });
});
