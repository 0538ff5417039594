import type { FormInstance } from 'antd';
import { useLayoutEffect } from 'react';
import { useLatest } from './use-latest.ts';

/**
 * Empties a dialog's form and loads `initialValues` each time `open` turns true, and only then: later changes of
 * `initialValues` must not wipe what the person typed. A layout effect, so the values are in place before the dialog
 * is painted: with a passive effect a click that landed between the paint and the effect (a busy machine, a quick
 * user) was undone by the reset.
 */
export function useFillOnOpen<Values>(
  form: FormInstance<Values>,
  open: boolean,
  initialValues: Partial<Values>,
  onFill?: () => void,
) {
  const latest = useLatest({ initialValues, onFill });
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(latest.current.initialValues as Parameters<typeof form.setFieldsValue>[0]);
    latest.current.onFill?.();
  }, [open, form, latest]);
}
