import type { PatentRow } from '@kxt/contracts/patents';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { applicantDetailItems, orDash, RecordDescriptions } from './record-descriptions.tsx';

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
  return (
    <Modal
      title={t('patent.company.title')}
      open={row !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {row ? (
        <RecordDescriptions
          items={[
            { key: 'title', label: t('patent.columns.applyTitle'), children: orDash(row.applyTitle) },
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
            ...applicantDetailItems(t, applicant),
            { key: 'inventor', label: t('patent.columns.inventorName'), children: orDash(row.inventorName) },
          ]}
        />
      ) : null}
    </Modal>
  );
}
