import { Button, Popup } from 'antd-mobile';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useI18n } from './i18n.tsx';
import { type PadState, SignatureController } from './signature-controller.ts';
import { toast } from './toast.ts';

export interface SignaturePopupProps {
  visible: boolean;
  /** View mode: the signed page is shown on the pad, which takes no input and whose clear does nothing. */
  readOnly: boolean;
  /** The pad's background in view mode (the agreement info's confirmFile). */
  background?: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (signature: Blob) => void;
}

const EMPTY: PadState = { empty: true, canUndo: false, canRedo: false };

/** The bottom popup with the signing pad: 关闭, 清除, 重写 (undo), 恢复 (redo), 提交, and a landscape mode. */
export default function SignaturePopup({
  visible,
  readOnly,
  background,
  submitting,
  onClose,
  onSubmit,
}: SignaturePopupProps) {
  const { t } = useI18n();
  const [landscape, setLandscape] = useState(false);
  const [pad, setPad] = useState<PadState>(EMPTY);
  const controller = useRef<SignatureController | null>(null);
  const detach = useRef<(() => void) | null>(null);

  const attach = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      detach.current?.();
      detach.current = null;
      if (!canvas) return;
      const current = new SignatureController(canvas, { readOnly, onChange: setPad });
      controller.current = current;
      // Turning the phone or resizing the window keeps the strokes: the controller redraws them at the new size.
      const resize = () => current.resize();
      const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
      observer?.observe(canvas);
      window.addEventListener('orientationchange', resize);
      window.addEventListener('resize', resize);
      // The page must not scroll or bounce while the finger draws.
      const hold = (event: TouchEvent) => event.preventDefault();
      canvas.addEventListener('touchmove', hold, { passive: false });
      detach.current = () => {
        observer?.disconnect();
        window.removeEventListener('orientationchange', resize);
        window.removeEventListener('resize', resize);
        canvas.removeEventListener('touchmove', hold);
        current.destroy();
        controller.current = null;
      };
    },
    [readOnly],
  );

  // Before the browser lays the pad out again, so the strokes are turned before any resize scales them.
  useLayoutEffect(() => {
    controller.current?.setLandscape(landscape);
  }, [landscape]);

  useEffect(() => {
    if (!visible) {
      setLandscape(false);
      setPad(EMPTY);
    }
  }, [visible]);

  const submit = async () => {
    const current = controller.current;
    if (!current || current.state.empty) {
      toast.info(t('pad.empty'));
      return;
    }
    onSubmit(await current.toBlob());
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={submitting ? undefined : onClose}
      destroyOnClose
      bodyClassName={landscape ? 'sign-popup sign-popup--landscape' : 'sign-popup'}
    >
      <div className={landscape ? 'sign-pad sign-pad--landscape' : 'sign-pad'} data-testid="signature-pad">
        <div className={readOnly ? 'sign-pad__area sign-pad__area--view' : 'sign-pad__area'}>
          <canvas
            ref={attach}
            className="sign-pad__canvas"
            aria-label={readOnly ? t('pad.viewTitle') : t('pad.hint')}
            style={background ? { backgroundImage: `url("${background}")` } : undefined}
          />
          {!readOnly && pad.empty && <div className="sign-pad__hint">{t('pad.hint')}</div>}
        </div>
        <div className="sign-pad__bar">
          <div className="sign-pad__header">
            <Button fill="none" size="small" onClick={onClose} disabled={submitting}>
              {t('pad.close')}
            </Button>
            <span className="sign-pad__title">{readOnly ? t('pad.viewTitle') : t('pad.title')}</span>
            {readOnly ? (
              <span className="sign-pad__spacer" />
            ) : (
              <Button
                fill="none"
                size="small"
                onClick={() => setLandscape((value) => !value)}
                disabled={submitting}
              >
                {landscape ? t('pad.portrait') : t('pad.landscape')}
              </Button>
            )}
          </div>
          <div className="sign-pad__toolbar">
            <Button
              size="small"
              disabled={readOnly || submitting}
              onClick={() => controller.current?.clear()}
            >
              {t('pad.clear')}
            </Button>
            <Button
              size="small"
              disabled={readOnly || submitting || !pad.canUndo}
              onClick={() => controller.current?.undo()}
            >
              {t('pad.undo')}
            </Button>
            <Button
              size="small"
              disabled={readOnly || submitting || !pad.canRedo}
              onClick={() => controller.current?.redo()}
            >
              {t('pad.redo')}
            </Button>
            {!readOnly && (
              <Button size="small" color="primary" loading={submitting} onClick={() => void submit()}>
                {t('pad.submit')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </Popup>
  );
}
