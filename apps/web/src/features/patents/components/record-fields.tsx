import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { DateField } from '../../../components/DataTable/fields.tsx';
import { AttachedFilesField } from './AttachedFilesField.tsx';

/** Something must be chosen or entered; `message` says what. */
export function requiredRules(message: string): Rule[] {
  return [{ required: true, message }];
}

/** Text that is more than spaces, and at most `max` characters when a limit is given. */
export function requiredTextRules(message: string, max?: number): Rule[] {
  return [{ required: true, whitespace: true, message }, ...(max === undefined ? [] : [{ max }])];
}

/** At least one file attached. */
export function requiredFilesRules(message: string): Rule[] {
  return [{ required: true, type: 'array', min: 1, message }];
}

interface RecordFieldProps {
  name: string;
  label: string;
  /** Shown under the field when it is left empty. */
  message: string;
}

/** A required one-line text field of a reviewer's record (reference no, agent, registration no). */
export function RequiredTextItem({ name, label, message, max }: RecordFieldProps & { max?: number }) {
  return (
    <Form.Item name={name} label={label} rules={requiredTextRules(message, max)}>
      <Input />
    </Form.Item>
  );
}

/** The most a reason may say (the server's limit too). */
export const REASON_MAX = 1000;

/** A required reason (a rejection, a correction): more than spaces, at most REASON_MAX characters. */
export function RequiredReasonItem({
  name = 'reason',
  label,
  message,
}: Omit<RecordFieldProps, 'name'> & { name?: string }) {
  return (
    <Form.Item name={name} label={label} rules={requiredTextRules(message, REASON_MAX)}>
      <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={REASON_MAX} showCount />
    </Form.Item>
  );
}

/** A required date of a reviewer's record. */
export function RequiredDateItem({ name, label, message }: RecordFieldProps) {
  return (
    <Form.Item name={name} label={label} rules={requiredRules(message)}>
      <DateField />
    </Form.Item>
  );
}

/** The PDFs a reviewer's record requires (spec §5: documents, PDF only); `max` caps how many (default 10). */
export function RequiredPdfItem({ name, label, message, max }: RecordFieldProps & { max?: number }) {
  return (
    <Form.Item name={name} label={label} rules={requiredFilesRules(message)}>
      <AttachedFilesField purpose="document" pdfOnly max={max} />
    </Form.Item>
  );
}
