import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';

/**
 * Puts an API error's messages for `fields` under those fields, and answers the message to show above the form when
 * none of them took it (a wrong code goes under the code field, a 429 above the form).
 */
export function showApiError<Values>(
  form: FormInstance<Values>,
  error: unknown,
  fallback: string,
  fields: readonly string[],
): string | null {
  if (!isApiError(error)) return fallback;
  const mine = Object.entries(error.fields).filter(([name]) => fields.includes(name));
  form.setFields(mine.map(([name, message]) => ({ name: name as never, errors: [message] })));
  return mine.length > 0 ? null : error.msg;
}

/**
 * A form's submit with its failure message and busy flag: the API's field errors go under `fields`, anything else
 * above the form (`failure`). `report` shows an error of a side step, such as sending a code, the same way.
 */
export function useFormSubmit<Values>(form: FormInstance<Values>, fields: readonly string[]) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const report = (error: unknown) =>
    setFailure(showApiError(form, error, t('errors.crash.subTitle'), fields));
  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };
  return { failure, busy, run, report, clearFailure: () => setFailure(null) };
}
