import type { PatentRow } from '@kxt/contracts/patents';
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

type Applicant = Partial<
  Record<'kind' | 'nameCn' | 'nameEn' | 'addressCn' | 'addressEn' | 'idNumber' | 'contactEmail', string>
>;

/** The applicant stored with the materials (`dataInfo.applicant`, or under `patentInfo`), when there is one. */
export function rowApplicant(row: PatentRow): Applicant | null {
  const info = row.dataInfo as { applicant?: unknown; patentInfo?: { applicant?: unknown } } | null;
  const applicant = info?.applicant ?? info?.patentInfo?.applicant;
  return applicant && typeof applicant === 'object' ? (applicant as Applicant) : null;
}

/** The applicant's details (company or person) as the order and its materials know them. */
export function CompanyDialog({ row, onClose }: { row: PatentRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const applicant = row ? rowApplicant(row) : null;
  const value = (text: string | undefined | null) => text || '-';
  return (
    <Modal
      title={t('patent.company.title')}
      open={row !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {row ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={[
            { key: 'title', label: t('patent.columns.applyTitle'), children: value(row.applyTitle) },
            {
              key: 'capacity',
              label: t('patent.columns.applyName'),
              children: t(`patent.applyName.${row.applyName}`),
            },
            {
              key: 'kind',
              label: t('patent.materials.applicantKind'),
              children:
                applicant?.kind === 'company' || applicant?.kind === 'individual'
                  ? t(`patent.materials.kind.${applicant.kind}`)
                  : '-',
            },
            { key: 'nameEn', label: t('patent.materials.nameEn'), children: value(applicant?.nameEn) },
            {
              key: 'addressCn',
              label: t('patent.materials.addressCn'),
              children: value(applicant?.addressCn),
            },
            {
              key: 'addressEn',
              label: t('patent.materials.addressEn'),
              children: value(applicant?.addressEn),
            },
            { key: 'id', label: t('patent.materials.idNumber'), children: value(applicant?.idNumber) },
            {
              key: 'email',
              label: t('patent.materials.contactEmail'),
              children: value(applicant?.contactEmail),
            },
            { key: 'inventor', label: t('patent.columns.inventorName'), children: value(row.inventorName) },
          ]}
        />
      ) : null}
    </Modal>
  );
}
