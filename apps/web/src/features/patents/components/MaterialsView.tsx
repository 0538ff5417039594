import type { AttachedFile } from '@kxt/contracts/patents';
import { Alert, Drawer, Empty, Flex, Image, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/DataTable/format.ts';
import { useMaterials } from '../api/materials.ts';
import { FilesTable } from './FileViewer.tsx';
import type { MaterialsValues } from './materials-values.ts';
import { applicantDetailItems, orDash, RecordDescriptions } from './record-descriptions.tsx';

/** Submitted (or draft) materials, read-only. */
export function MaterialsView({ materials }: { materials: Partial<MaterialsValues> }) {
  const { t } = useTranslation();
  const applicant = materials.applicant;
  const product = materials.productNameInfo;
  const pictures = materials.productSeriesInfo?.pictureInfoList ?? [];
  const files = (list: AttachedFile[] | undefined) => list ?? [];
  return (
    <Flex vertical gap="large">
      <RecordDescriptions
        title={t('patent.materials.applicant')}
        items={[
          {
            key: 'kind',
            label: t('patent.materials.applicantKind'),
            children: applicant?.kind ? t(`patent.materials.kind.${applicant.kind}`) : '-',
          },
          { key: 'nameCn', label: t('patent.materials.nameCn'), children: orDash(applicant?.nameCn) },
          ...applicantDetailItems(t, applicant),
        ]}
      />
      <RecordDescriptions
        title={t('patent.materials.inventors')}
        items={(materials.inventors ?? []).map((inventor, index) => ({
          key: String(index),
          label: `${index + 1}`,
          children:
            [inventor.nameCn, inventor.nameEn, inventor.nationality].filter(Boolean).join(' / ') || '-',
        }))}
      />
      <RecordDescriptions
        title={t('patent.materials.product')}
        items={[
          { key: 'cn', label: t('patent.materials.productNameCN'), children: orDash(product?.productNameCN) },
          { key: 'en', label: t('patent.materials.productNameEN'), children: orDash(product?.productNameEN) },
          {
            key: 'class',
            label: t('patent.materials.productClassify'),
            children: orDash(product?.productClassify),
          },
        ]}
      />
      <Flex vertical gap="small">
        <strong>{t('patent.materials.pictures')}</strong>
        {pictures.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('patent.records.none')} />
        ) : (
          <Flex wrap gap="middle">
            {pictures.map((picture) => (
              <Flex key={picture.url} vertical align="center" gap={4}>
                <Image
                  src={picture.url}
                  alt={picture.alias}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
                <span>{picture.alias}</span>
              </Flex>
            ))}
          </Flex>
        )}
      </Flex>
      <Flex vertical gap="small">
        <strong>{t('patent.materials.drawings')}</strong>
        <FilesTable files={files(materials.drawings)} />
      </Flex>
      <Flex vertical gap="small">
        <strong>{t('patent.materials.specification')}</strong>
        <FilesTable files={files(materials.specification)} />
      </Flex>
      <RecordDescriptions
        items={[{ key: 'remark', label: t('patent.materials.remark'), children: orDash(materials.remark) }]}
      />
    </Flex>
  );
}

interface MaterialsDrawerProps {
  id: number | null;
  scope?: 'customer' | 'admin';
  onClose: () => void;
  /** The reviewer's approve / reject buttons. */
  footer?: ReactNode;
}

/** An order's materials as its answer holds them (the submission first), with when they were submitted. */
export function MaterialsPanel({ id, scope = 'customer' }: { id: number; scope?: 'customer' | 'admin' }) {
  const { t } = useTranslation();
  const answer = useMaterials(id, scope);
  if (answer.isPending) return <Spin />;
  if (answer.isError) return <Alert type="error" showIcon title={answer.error.message} />;
  if (!answer.data.materials) return <Empty description={t('patent.materials.empty')} />;
  return (
    <Flex vertical gap="middle">
      {answer.data.submittedAt ? (
        <span>
          {t('patent.materials.submittedAt')}: {formatDateTime(answer.data.submittedAt)}
        </span>
      ) : null}
      <MaterialsView materials={answer.data.materials as Partial<MaterialsValues>} />
    </Flex>
  );
}

/** 查看资料: the order's materials in a side drawer. */
export function MaterialsDrawer({ id, scope = 'customer', onClose, footer }: MaterialsDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('patent.materials.viewTitle')}
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      footer={footer}
    >
      {id !== null ? <MaterialsPanel id={id} scope={scope} /> : null}
    </Drawer>
  );
}
