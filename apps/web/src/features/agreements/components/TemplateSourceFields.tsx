import { FilePdfOutlined } from '@ant-design/icons';
import { MAX_TEMPLATE_BODY, MERGE_FIELDS } from '@kxt/contracts/agreements';
import { Button, Form, Input, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

export type TemplateKind = 'images' | 'pdf' | 'text';

/** The PDF a new template version is rendered from. */
export function PdfSourceField({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('agreementSigning.pdfFile')} required extra={t('agreementSigning.pdfHint')}>
      <Upload
        accept="application/pdf"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(picked) => {
          onChange(picked);
          return false;
        }}
      >
        <Button icon={<FilePdfOutlined />}>{t('agreementSigning.pickPdf')}</Button>
      </Upload>
      {file ? <Typography.Text style={{ marginLeft: 12 }}>{file.name}</Typography.Text> : null}
    </Form.Item>
  );
}

/** A text template: title and body with `{{field}}` merge fields, `# ` headings and blank-line paragraphs. */
export function TextSourceFields({
  value,
  onChange,
}: {
  value: { title: string; body: string };
  onChange: (value: { title: string; body: string }) => void;
}) {
  const { t } = useTranslation();
  // The hint names the fields as they are written; i18next would otherwise read them as its own placeholders.
  const fields = Object.fromEntries(MERGE_FIELDS.map((field) => [field, `{{${field}}}`])) as Record<
    (typeof MERGE_FIELDS)[number],
    string
  >;
  return (
    <>
      <Form.Item label={t('agreementSigning.textTitle')} required>
        <Input
          aria-label={t('agreementSigning.textTitle')}
          maxLength={100}
          value={value.title}
          onChange={(event) => onChange({ ...value, title: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('agreementSigning.textBody')}
        required
        extra={t('agreementSigning.textHint', fields)}
      >
        <Input.TextArea
          aria-label={t('agreementSigning.textBody')}
          maxLength={MAX_TEMPLATE_BODY}
          autoSize={{ minRows: 8, maxRows: 18 }}
          value={value.body}
          onChange={(event) => onChange({ ...value, body: event.target.value })}
        />
      </Form.Item>
    </>
  );
}
