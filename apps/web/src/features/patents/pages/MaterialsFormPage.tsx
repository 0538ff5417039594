import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type AdditionalRule,
  type MaterialsAnswer,
  materialsGaps,
  type PatentMaterials,
  type PatentType,
} from '@kxt/contracts/patents';
import {
  Alert,
  Button,
  Card,
  Col,
  Collapse,
  Flex,
  Form,
  type FormInstance,
  Image,
  Input,
  Radio,
  Result,
  Row,
  Space,
  Spin,
  Upload,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { isApiError, uploadFile } from '../../../components/api/api-client.ts';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { saveMaterials, useMaterials } from '../api/materials.ts';
import { AttachedFilesField } from '../components/AttachedFilesField.tsx';
import {
  cachedRules,
  cacheRules,
  readMaterialsFormParams,
  rulesVersion,
} from '../components/materials-cache.ts';
import { type MaterialsValues, toFormValues, toMaterials } from '../components/materials-values.ts';
import { RejectReasonsTable } from '../components/RejectReasonsDialog.tsx';

const LIST_PATH = '/trademark/patent';
const REMARK_MAX = 2000;
const INVENTORS_MAX = 20;
const PICTURES_MAX = 30;

/** Server field paths (`materials.applicant.nameCn`, `inventors.0.nameEn`) as antd name paths. */
export function fieldPath(path: string): (string | number)[] {
  return path
    .replace(/^materials\./, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The type-specific gaps (materialsGaps) of whatever the form holds now. */
function gapsOf(form: FormInstance<MaterialsValues>, patentType: number): string[] {
  const values = form.getFieldsValue(true) as Partial<MaterialsValues>;
  const materials = {
    productSeriesInfo: { pictureInfoList: values.productSeriesInfo?.pictureInfoList ?? [] },
    specification: values.specification ?? [],
  } as PatentMaterials;
  return materialsGaps(materials, patentType as PatentType);
}

function AdditionalRules({ rules }: { rules: AdditionalRule[] }) {
  const { t } = useTranslation();
  if (rules.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      title={t('patent.materials.rulesTitle')}
      description={
        <Collapse
          size="small"
          ghost
          items={rules.map((rule) => ({
            key: `${rule.version}-${rule.title}`,
            label: rule.title,
            children: <div style={{ whiteSpace: 'pre-wrap' }}>{rule.content}</div>,
          }))}
        />
      }
    />
  );
}

/** 上传资料 (/form/submit?id=…): the registration materials of one order, saved as a draft or submitted. */
export default function MaterialsFormPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const answer = useMaterials(valid ? id : null);

  if (!valid) return <Result status="warning" title={t('patent.materials.noOrder')} />;
  if (answer.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  if (answer.isError) {
    return (
      <Result
        status="error"
        title={answer.error.message}
        extra={<Button onClick={() => void answer.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <MaterialsForm
      key={answer.data.serviceId}
      id={id}
      answer={answer.data}
      fresh={!answer.isPlaceholderData}
    />
  );
}

/** `fresh`: the answer is in the page's language (false while a language switch refetches it). */
function MaterialsForm({ id, answer, fresh }: { id: number; answer: MaterialsAnswer; fresh: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const message = useMessageApi();
  const navigate = useNavigate();
  const [form] = Form.useForm<MaterialsValues>();
  const [confirm, confirmHolder] = useConfirm();
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);
  const [pictureProgress, setPictureProgress] = useState<number | null>(null);
  const patentType = answer.patentType;
  const params = readMaterialsFormParams(id);

  // The rules come with the answer; a cached copy of the same version in the same language is used as it is
  // (spec §2.4). An answer still in the previous language is shown but never cached under the new one.
  const version = rulesVersion(answer.additionalRulesInfo);
  const rules = useMemo(
    () =>
      (fresh ? cachedRules(language, answer.countryCode, patentType, version) : null) ??
      answer.additionalRulesInfo,
    [fresh, language, answer, patentType, version],
  );
  useEffect(() => {
    if (fresh) cacheRules(language, answer.countryCode, patentType, answer.additionalRulesInfo);
  }, [fresh, language, answer, patentType]);
  // The applicant starts from the customer's company when nothing was saved for it yet.
  const [initialValues] = useState(() => toFormValues(answer.materials, answer.applicantDefaults));
  const prefilled = !answer.materials?.applicant && Object.keys(answer.applicantDefaults).length > 1;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm({
      title: t('patent.materials.leaveTitle'),
      content: t('patent.materials.leaveContent'),
      okText: t('patent.materials.leave'),
    }).then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, confirm, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const showFailure = (error: unknown, fallback: string) => {
    const msg = isApiError(error) && error.msg ? error.msg : fallback;
    setFailure(msg);
    void message.error(msg);
    if (isApiError(error)) {
      form.setFields(
        Object.entries(error.fields).map(([path, text]) => ({
          name: fieldPath(path) as never,
          errors: [text],
        })),
      );
    }
  };

  const saveDraft = async () => {
    setSaving(0);
    setFailure(null);
    try {
      await saveMaterials(id, { type: 0, materials: toMaterials(form.getFieldsValue(true)) });
      setDirty(false);
      void message.success(t('patent.messages.saveSucceeded'));
    } catch (error) {
      showFailure(error, t('patent.messages.saveFailed'));
    } finally {
      setSaving(null);
    }
  };

  const submit = async () => {
    setFailure(null);
    try {
      await form.validateFields();
    } catch {
      void message.warning(t('patent.materials.fixErrors'));
      return;
    }
    setSaving(1);
    try {
      const materials = toMaterials(form.getFieldsValue(true)) as PatentMaterials;
      await saveMaterials(id, { type: 1, materials });
    } catch (error) {
      showFailure(error, t('patent.messages.submitFailed'));
      setSaving(null);
      return;
    }
    leaving.current = true;
    void message.success(t('patent.messages.submitSucceeded'));
    navigate(LIST_PATH);
  };

  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('patent.materials.required', { field }),
  });
  const gapRule = (path: string, text: string) => ({
    validator: () =>
      gapsOf(form, patentType).includes(path) ? Promise.reject(new Error(text)) : Promise.resolve(),
  });
  const kind = Form.useWatch(['applicant', 'kind'], form);
  const busy = saving !== null;

  return (
    <Flex vertical gap="large">
      {confirmHolder}
      <PageTitle
        title={t(answer.status === -1 ? 'patent.materials.reuploadTitle' : 'patent.materials.title')}
        description={t('patent.materials.description', {
          serviceCode: answer.serviceCode,
          country: params?.countryName ?? answer.countryCode,
          type: t(`patent.patentType.${patentType}` as 'patent.patentType.1'),
        })}
      />
      {answer.status === -1 && answer.rejectReasons.length > 0 ? (
        <Alert
          type="error"
          showIcon
          title={t('patent.materials.rejectedTitle')}
          description={<RejectReasonsTable reasons={answer.rejectReasons} />}
        />
      ) : null}
      <AdditionalRules rules={rules} />
      {answer.draftSavedAt && !answer.submittedAt ? (
        <Alert type="info" title={t('patent.materials.draftLoaded')} />
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      <Form<MaterialsValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        disabled={busy}
        scrollToFirstError
      >
        <Card title={t('patent.materials.applicant')} size="small">
          {prefilled ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={t('patent.materials.prefilled')}
            />
          ) : null}
          <Form.Item name={['applicant', 'kind']} label={t('patent.materials.applicantKind')}>
            <Radio.Group
              options={[
                { value: 'company', label: t('patent.materials.kind.company') },
                { value: 'individual', label: t('patent.materials.kind.individual') },
              ]}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name={['applicant', 'nameCn']}
                label={t('patent.materials.nameCn')}
                rules={[required(t('patent.materials.nameCn')), { max: 200 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['applicant', 'nameEn']}
                label={t('patent.materials.nameEn')}
                rules={[required(t('patent.materials.nameEn')), { max: 200 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['applicant', 'addressCn']}
                label={t('patent.materials.addressCn')}
                rules={[required(t('patent.materials.addressCn')), { max: 500 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['applicant', 'addressEn']}
                label={t('patent.materials.addressEn')}
                rules={[required(t('patent.materials.addressEn')), { max: 500 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['applicant', 'idNumber']}
                label={t(
                  kind === 'individual' ? 'patent.materials.personalId' : 'patent.materials.companyId',
                )}
                rules={[
                  required(
                    t(kind === 'individual' ? 'patent.materials.personalId' : 'patent.materials.companyId'),
                  ),
                  { max: 50 },
                ]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['applicant', 'contactEmail']}
                label={t('patent.materials.contactEmail')}
                rules={[{ type: 'email', message: t('patent.materials.emailInvalid') }, { max: 200 }]}
              >
                <Input type="email" />
              </Form.Item>
            </Col>
          </Row>
        </Card>

        <Card title={t('patent.materials.inventors')} size="small" style={{ marginTop: 16 }}>
          <Form.List
            name="inventors"
            rules={[
              {
                validator: async (_rule, list: unknown[] | undefined) =>
                  list && list.length > 0
                    ? undefined
                    : Promise.reject(new Error(t('patent.materials.inventorRequired'))),
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap="small">
                {fields.map((field, index) => (
                  <Row key={field.key} gutter={12} align="top">
                    <Col xs={24} md={7}>
                      <Form.Item
                        name={[field.name, 'nameCn']}
                        label={t('patent.materials.inventorNameCn', { index: index + 1 })}
                        rules={[
                          required(t('patent.materials.inventorNameCn', { index: index + 1 })),
                          { max: 100 },
                        ]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={7}>
                      <Form.Item
                        name={[field.name, 'nameEn']}
                        label={t('patent.materials.inventorNameEn', { index: index + 1 })}
                        rules={[
                          required(t('patent.materials.inventorNameEn', { index: index + 1 })),
                          { max: 100 },
                        ]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={20} md={7}>
                      <Form.Item
                        name={[field.name, 'nationality']}
                        label={t('patent.materials.nationality')}
                        rules={[{ max: 50 }]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={4} md={3} style={{ paddingTop: 30 }}>
                      <Button
                        icon={<DeleteOutlined />}
                        aria-label={t('patent.materials.removeInventor', { index: index + 1 })}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= INVENTORS_MAX}
                  onClick={() => add({ nameCn: '', nameEn: '' })}
                >
                  {t('patent.materials.addInventor')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Flex>
            )}
          </Form.List>
        </Card>

        <Card title={t('patent.materials.product')} size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name={['productNameInfo', 'productNameCN']}
                label={t('patent.materials.productNameCN')}
                rules={[required(t('patent.materials.productNameCN')), { max: 200 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['productNameInfo', 'productNameEN']}
                label={t('patent.materials.productNameEN')}
                rules={[required(t('patent.materials.productNameEN')), { max: 200 }]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['productNameInfo', 'productClassify']}
                label={t('patent.materials.productClassify')}
                tooltip={t(
                  patentType === 1 ? 'patent.materials.classifyDesign' : 'patent.materials.classifyOther',
                )}
                rules={[required(t('patent.materials.productClassify')), { max: 50 }]}
              >
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Form.List
            name={['productSeriesInfo', 'pictureInfoList']}
            rules={[gapRule('productSeriesInfo.pictureInfoList', t('patent.materials.picturesRequired'))]}
          >
            {(fields, { add, remove }, { errors }) => (
              <Flex vertical gap="small">
                <strong>
                  {t('patent.materials.pictures')}
                  {patentType === 1 ? ' *' : ''}
                </strong>
                <Flex wrap gap="middle">
                  {fields.map((field, index) => (
                    <Flex key={field.key} vertical gap={4} style={{ width: 150 }}>
                      <Form.Item noStyle shouldUpdate>
                        {() => (
                          <Image
                            src={form.getFieldValue([
                              'productSeriesInfo',
                              'pictureInfoList',
                              field.name,
                              'url',
                            ])}
                            alt={t('patent.materials.pictureN', { index: index + 1 })}
                            width={150}
                            height={110}
                            style={{ objectFit: 'cover' }}
                          />
                        )}
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'alias']}
                        rules={[required(t('patent.materials.alias')), { max: 50 }]}
                        style={{ marginBottom: 0 }}
                      >
                        <Input
                          placeholder={t('patent.materials.alias')}
                          aria-label={t('patent.materials.aliasN', { index: index + 1 })}
                        />
                      </Form.Item>
                      <Button size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                        {t('patent.materials.removePicture')}
                      </Button>
                    </Flex>
                  ))}
                </Flex>
                <Space>
                  <Upload
                    accept="image/png,image/jpeg,image/webp"
                    multiple
                    showUploadList={false}
                    disabled={busy || fields.length >= PICTURES_MAX}
                    beforeUpload={(file) => {
                      setPictureProgress(0);
                      void uploadFile(file, {
                        purpose: 'image',
                        onProgress: setPictureProgress,
                        silent: true,
                      })
                        .then(([stored]) => {
                          if (stored) add({ url: stored.url, alias: '' });
                        })
                        .catch((error: unknown) =>
                          message.error(
                            isApiError(error) && error.msg ? error.msg : t('patent.messages.uploadFailed'),
                          ),
                        )
                        .finally(() => setPictureProgress(null));
                      return false;
                    }}
                  >
                    <Button icon={<UploadOutlined />} loading={pictureProgress !== null}>
                      {t('patent.materials.addPictures')}
                    </Button>
                  </Upload>
                  <span style={{ opacity: 0.65 }}>{t('patent.materials.picturesHint')}</span>
                </Space>
                <Form.ErrorList errors={errors} />
              </Flex>
            )}
          </Form.List>
        </Card>

        <Card title={t('patent.materials.documents')} size="small" style={{ marginTop: 16 }}>
          <Form.Item name="drawings" label={t('patent.materials.drawings')}>
            <AttachedFilesField purpose="materials" max={30} accept=".pdf,.png,.jpg,.jpeg,.zip" />
          </Form.Item>
          <Form.Item
            name="specification"
            label={t('patent.materials.specification')}
            required={patentType !== 1}
            rules={[gapRule('specification', t('patent.materials.specificationRequired'))]}
          >
            <AttachedFilesField purpose="materials" max={5} accept=".pdf,.zip" />
          </Form.Item>
          <Form.Item name="remark" label={t('patent.materials.remark')} rules={[{ max: REMARK_MAX }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={REMARK_MAX} />
          </Form.Item>
        </Card>
      </Form>
      <Flex justify="end" gap="small">
        <Button onClick={() => navigate(LIST_PATH)} disabled={busy}>
          {t('patent.materials.back')}
        </Button>
        <Button onClick={() => void saveDraft()} loading={saving === 0} disabled={busy}>
          {t('patent.materials.saveDraft')}
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={saving === 1} disabled={busy}>
          {t('patent.actions.submit')}
        </Button>
      </Flex>
    </Flex>
  );
}
