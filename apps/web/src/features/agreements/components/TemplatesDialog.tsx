import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  AGREEMENT_NAMES,
  type AgreementName,
  type AgreementTemplate,
  MAX_TEMPLATE_PAGES,
} from '@kxt/contracts/agreements';
import {
  Alert,
  Button,
  Divider,
  Flex,
  Form,
  Image,
  List,
  Modal,
  Progress,
  Segmented,
  Select,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../components/api/api-client.ts';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { uploadTemplatePage, uploadTemplatePdf, useCreateTemplate } from '../api/create-template.ts';
import { useAgreementTemplates } from '../api/list-templates.ts';
import { nameOptions } from './agreement-enums.ts';
import { PdfSourceField, type TemplateKind, TextSourceFields } from './TemplateSourceFields.tsx';

interface PickedPage {
  uid: string;
  file: File;
  /** 0–100 while uploading; null before. */
  percent: number | null;
  /** Kept once uploaded, so a retry after a failed create does not upload it again. */
  fileId?: string;
}

let nextUid = 0;

/**
 * 协议模板 (admins): every template version, and a new version from ordered page images, one PDF, or text with merge
 * fields (a text version can be the starting point of the next).
 */
export function TemplatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessageApi();
  const templates = useAgreementTemplates(open);
  const createTemplate = useCreateTemplate();
  const [agreementName, setAgreementName] = useState<AgreementName>(AGREEMENT_NAMES[0]);
  const [kind, setKind] = useState<TemplateKind>('text');
  const [pages, setPages] = useState<PickedPage[]>([]);
  const [pdf, setPdf] = useState<File | null>(null);
  const [text, setText] = useState({ title: '', body: '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const move = (index: number, by: number) =>
    setPages((current) => {
      const next = [...current];
      const [page] = next.splice(index, 1);
      if (page) next.splice(index + by, 0, page);
      return next;
    });

  const created = (template: AgreementTemplate) =>
    void message.success(
      t('agreements.versionCreated', { name: template.agreementName, version: template.version }),
    );

  const submitPdf = async () => {
    if (!pdf) {
      setFailure(t('agreementSigning.pdfRequired'));
      return;
    }
    const pdfFileId = await uploadTemplatePdf(pdf);
    created(await createTemplate.mutateAsync({ agreementName, pdfFileId }));
    setPdf(null);
  };

  const submitText = async () => {
    if (!text.title.trim() || !text.body.trim()) {
      setFailure(
        t(text.title.trim() ? 'agreementSigning.textBodyRequired' : 'agreementSigning.textTitleRequired'),
      );
      return;
    }
    created(await createTemplate.mutateAsync({ agreementName, title: text.title, body: text.body }));
  };

  const submit = async () => {
    setFailure(null);
    if (kind !== 'images') {
      setBusy(true);
      try {
        await (kind === 'pdf' ? submitPdf() : submitText());
      } catch (error) {
        if (isApiError(error)) setFailure(error.msg);
      } finally {
        setBusy(false);
      }
      return;
    }
    if (pages.length === 0) {
      setFailure(t('agreements.pagesRequired'));
      return;
    }
    setBusy(true);
    try {
      const ids: string[] = [];
      for (const [index, page] of pages.entries()) {
        const fileId =
          page.fileId ??
          (await uploadTemplatePage(page.file, (percent) =>
            setPages((current) => current.map((item, at) => (at === index ? { ...item, percent } : item))),
          ));
        ids.push(fileId);
        setPages((current) =>
          current.map((item, at) => (at === index ? { ...item, fileId, percent: 100 } : item)),
        );
      }
      created(await createTemplate.mutateAsync({ agreementName, pageFileIds: ids }));
      setPages([]);
    } catch (error) {
      if (isApiError(error)) setFailure(error.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('agreements.templatesTitle')}
      open={open}
      onCancel={busy ? undefined : onClose}
      footer={null}
      width={900}
      destroyOnHidden
    >
      <Table<AgreementTemplate>
        rowKey="id"
        size="small"
        loading={templates.isPending}
        dataSource={templates.data ?? []}
        pagination={false}
        scroll={{ y: 280 }}
        locale={{ emptyText: t('agreements.templatesEmpty') }}
        columns={[
          { title: t('agreements.agreementName'), dataIndex: 'agreementName' },
          {
            title: t('agreements.version'),
            dataIndex: 'version',
            width: 130,
            render: (version: number, template) => (
              <Flex gap={4}>
                <span>v{version}</span>
                {template.current ? <Tag color="success">{t('agreements.templateCurrent')}</Tag> : null}
              </Flex>
            ),
          },
          {
            title: t('agreements.templatePages'),
            key: 'pages',
            width: 180,
            render: (_value, template) => (
              <Image.PreviewGroup>
                <Flex gap={4} wrap>
                  {template.pages.map((page) => (
                    <Image
                      key={page.fileId}
                      src={page.url}
                      width={28}
                      alt={t('agreements.pageAlt', { page: page.pageNo })}
                    />
                  ))}
                </Flex>
              </Image.PreviewGroup>
            ),
          },
          {
            title: t('agreementSigning.templateKind'),
            dataIndex: 'kind',
            width: 150,
            render: (value: TemplateKind, template) => (
              <Flex vertical align="start">
                <span>{t(`agreementSigning.kind.${value}`)}</span>
                {template.kind === 'text' ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => {
                      setKind('text');
                      setAgreementName(template.agreementName as AgreementName);
                      setText({ title: template.title ?? '', body: template.body ?? '' });
                    }}
                  >
                    {t('agreementSigning.editText')}
                  </Button>
                ) : null}
              </Flex>
            ),
          },
          {
            title: t('agreements.templateCreatedBy'),
            dataIndex: 'createdByName',
            render: (value) => value ?? '-',
          },
          {
            title: t('agreements.templateCreatedAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (value: string) => formatDateTime(value),
          },
        ]}
      />

      <Divider titlePlacement="start">{t('agreements.newVersion')}</Divider>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical" disabled={busy} onFinish={() => void submit()}>
        <Form.Item label={t('agreements.agreementName')} required>
          <Select
            aria-label={t('agreements.agreementName')}
            options={nameOptions}
            value={agreementName}
            onChange={setAgreementName}
          />
        </Form.Item>
        <Form.Item label={t('agreementSigning.templateKind')}>
          <Segmented<TemplateKind>
            value={kind}
            onChange={setKind}
            options={(['text', 'pdf', 'images'] as const).map((value) => ({
              value,
              label: t(`agreementSigning.kind.${value}`),
            }))}
          />
        </Form.Item>
        {kind === 'pdf' ? <PdfSourceField file={pdf} onChange={setPdf} /> : null}
        {kind === 'text' ? <TextSourceFields value={text} onChange={setText} /> : null}
        <Form.Item
          hidden={kind !== 'images'}
          label={t('agreements.pageImages')}
          required
          extra={t('agreements.pageImagesHint')}
        >
          <Flex vertical gap="small">
            <Upload
              accept="image/png,image/jpeg"
              multiple
              showUploadList={false}
              beforeUpload={(file) => {
                setPages((current) =>
                  [...current, { uid: `page-${nextUid++}`, file, percent: null }].slice(
                    0,
                    MAX_TEMPLATE_PAGES,
                  ),
                );
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('agreements.pickImages')}</Button>
            </Upload>
            {pages.length > 0 ? (
              <List
                size="small"
                bordered
                dataSource={pages}
                renderItem={(page, index) => (
                  <List.Item
                    key={page.uid}
                    actions={[
                      <Button
                        key="up"
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('agreements.moveUp')}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      />,
                      <Button
                        key="down"
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('agreements.moveDown')}
                        disabled={index === pages.length - 1}
                        onClick={() => move(index, 1)}
                      />,
                      <Button
                        key="remove"
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('agreements.remove')}
                        onClick={() => setPages((current) => current.filter((item) => item.uid !== page.uid))}
                      />,
                    ]}
                  >
                    <Flex vertical style={{ width: '100%' }}>
                      <Typography.Text ellipsis>
                        {index + 1}. {page.file.name}
                      </Typography.Text>
                      {page.percent !== null ? <Progress percent={page.percent} size="small" /> : null}
                    </Flex>
                  </List.Item>
                )}
              />
            ) : null}
          </Flex>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {busy && kind !== 'images' ? t('agreementSigning.rendering') : t('agreements.createVersion')}
        </Button>
      </Form>
    </Modal>
  );
}
