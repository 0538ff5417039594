import { Descriptions, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';

export type RecordItems = NonNullable<DescriptionsProps['items']>;

/** A stored value as a record shows it: a dash when there is none. */
export function orDash(value: string | null | undefined): string {
  return value || '-';
}

/** A record's details as every patent viewer lists them: one bordered column of labels and values. */
export function RecordDescriptions({ title, items }: { title?: ReactNode; items: RecordItems }) {
  // A label keeps room for a few characters: on a phone the values would otherwise squeeze it to two a line (申请/人类/型).
  return (
    <Descriptions
      title={title}
      size="small"
      column={1}
      bordered
      items={items}
      styles={{ label: { minWidth: '6em' } }}
    />
  );
}

type ApplicantDetails = Partial<
  Record<'nameEn' | 'addressCn' | 'addressEn' | 'idNumber' | 'contactEmail', string | null>
>;

/** The applicant's English name, addresses, id number and email, as the materials and the company dialog show them. */
export function applicantDetailItems(
  t: TFunction,
  applicant: ApplicantDetails | null | undefined,
): RecordItems {
  return [
    { key: 'nameEn', label: t('patent.materials.nameEn'), children: orDash(applicant?.nameEn) },
    { key: 'addressCn', label: t('patent.materials.addressCn'), children: orDash(applicant?.addressCn) },
    { key: 'addressEn', label: t('patent.materials.addressEn'), children: orDash(applicant?.addressEn) },
    { key: 'id', label: t('patent.materials.idNumber'), children: orDash(applicant?.idNumber) },
    { key: 'email', label: t('patent.materials.contactEmail'), children: orDash(applicant?.contactEmail) },
  ];
}
