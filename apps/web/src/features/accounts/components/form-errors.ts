import type { FormInstance } from 'antd';
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
