import type { AttachedFile, PatentRow } from '@kxt/contracts/patents';
import { Empty, Flex, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/DataTable/format.ts';
import { DeadlineText } from './DeadlineText.tsx';
import { FileLink, FilesTable } from './FileViewer.tsx';
import { orDash, RecordDescriptions, type RecordItems } from './record-descriptions.tsx';

/** The read-only records a customer (or a reviewer) opens from a row. */
export type PatentRecordKind =
  | 'patentInfo'
  | 'filingReceipt'
  | 'registration'
  | 'certificate'
  | 'officeAction'
  | 'reviewReceipt'
  | 'expeditedNotice';

const day = (value: string | null | undefined) => (value ? formatDate(value) : '-');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex vertical gap="small">
      <strong>{title}</strong>
      {children}
    </Flex>
  );
}

/** A record's details, then its files dated by the record. */
function DetailsAndFiles({
  items,
  files,
  date,
}: {
  items: RecordItems;
  files: AttachedFile[];
  date: string | null;
}) {
  return (
    <>
      <RecordDescriptions items={items} />
      <FilesTable files={files} date={date} />
    </>
  );
}

/** What a record holds, for one row; "nothing yet" when the record is missing. */
export function PatentRecord({ kind, row }: { kind: PatentRecordKind; row: PatentRow }) {
  const { t } = useTranslation();
  const none = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('patent.records.none')} />;
  const us = row.countryCode === 'US';
  // The filing receipt's lines, the same in the US receipt, the US notice and the first filing.
  const referenceItem = (value: string | null | undefined) => ({
    key: 'ref',
    label: t('patent.fields.referenceNumber'),
    children: orDash(value),
  });
  const agentItem = (value: string | null | undefined) => ({
    key: 'agent',
    label: t('patent.fields.agent'),
    children: orDash(value),
  });
  const acceptTimeItem = (value: string | null | undefined) => ({
    key: 'time',
    label: t('patent.fields.acceptTime'),
    children: day(value),
  });

  switch (kind) {
    case 'patentInfo':
    case 'filingReceipt': {
      if (us && row.usFilingInfo) {
        const [receipt, notice] = row.usFilingInfo;
        return (
          <Flex vertical gap="large">
            <Section title={t('patent.records.usReceipt')}>
              <DetailsAndFiles
                items={[referenceItem(receipt.referenceNumber), acceptTimeItem(receipt.acceptTime)]}
                files={receipt.receiptFiles}
                date={receipt.acceptTime}
              />
            </Section>
            <Section title={t('patent.records.usNotice')}>
              <DetailsAndFiles
                items={[
                  agentItem(notice.agent),
                  { key: 'time', label: t('patent.fields.noticeTime'), children: day(notice.acceptTime) },
                ]}
                files={notice.noticeFiles}
                date={notice.acceptTime}
              />
            </Section>
          </Flex>
        );
      }
      const record = row.brandDataInfo;
      if (!record) return none;
      if (kind === 'filingReceipt') {
        return (
          <FilesTable
            files={record.acceptReceiptFiles}
            date={record.acceptTime}
            dateLabel={t('patent.fields.acceptTime')}
          />
        );
      }
      return (
        <Flex vertical gap="middle">
          <DetailsAndFiles
            items={[
              referenceItem(record.referenceNumber),
              agentItem(record.agent),
              acceptTimeItem(record.acceptTime),
            ]}
            files={record.acceptReceiptFiles}
            date={record.acceptTime}
          />
        </Flex>
      );
    }
    case 'registration': {
      const record = row.brandRegisterDataInfo;
      if (!record) return none;
      const [start, end] = (record.brandOathTime ?? '').split('/');
      return (
        <Flex vertical gap="middle">
          <DetailsAndFiles
            items={[
              {
                key: 'no',
                label: t('patent.fields.registrationNumber'),
                children: orDash(record.registrationNumber),
              },
              {
                key: 'time',
                label: t('patent.fields.brandRegisterTime'),
                children: day(record.brandRegisterTime),
              },
              {
                key: 'oath',
                label: t('patent.fields.brandOathTime'),
                children: start ? `${day(start)} ~ ${day(end)}` : '-',
              },
            ]}
            files={record.brandRegisterFiles}
            date={record.brandRegisterTime}
          />
        </Flex>
      );
    }
    case 'certificate': {
      const record = row.patentDataInfo;
      if (!record) return none;
      return (
        <FilesTable
          files={record.certificateFiles}
          date={record.certificateTime}
          dateLabel={t('patent.fields.certificateTime')}
        />
      );
    }
    case 'officeAction': {
      const record = row.oaDataInfo;
      if (!record) return none;
      return record.fileExists === 1 ? (
        <RecordDescriptions
          items={[
            { key: 'exists', label: t('patent.fields.fileExists'), children: t('lists.yes') },
            { key: 'issued', label: t('patent.fields.issuanceTime'), children: day(record.issuanceTime) },
            {
              key: 'deadline',
              label: t('patent.fields.oaAbortAnswerTime'),
              children: <DeadlineText date={record.oaAbortAnswerTime} />,
            },
            {
              key: 'file',
              label: t('patent.fields.oaFile'),
              children: (
                <FileLink
                  file={record.oaFileUrl ? { name: t('patent.fields.oaFile'), url: record.oaFileUrl } : null}
                />
              ),
            },
          ]}
        />
      ) : (
        <RecordDescriptions
          items={[
            { key: 'exists', label: t('patent.fields.fileExists'), children: t('lists.no') },
            {
              key: 'file',
              label: t('patent.fields.ascertainmentFile'),
              children: (
                <FileLink
                  file={
                    record.ascertainmentFileUrl
                      ? { name: t('patent.fields.ascertainmentFile'), url: record.ascertainmentFileUrl }
                      : null
                  }
                />
              ),
            },
          ]}
        />
      );
    }
    case 'reviewReceipt':
      if (!row.recheckReceipt) return none;
      return (
        <FilesTable
          files={[{ name: t('patent.fields.reviewReceipt'), url: row.recheckReceipt }]}
          date={row.recheckReceiptTime}
          dateLabel={t('patent.fields.recheckReceiptTime')}
        />
      );
    case 'expeditedNotice':
      return row.orderDataInfo.expeditedNoticeFiles.length > 0 ? (
        <FilesTable files={row.orderDataInfo.expeditedNoticeFiles} />
      ) : (
        none
      );
  }
}

interface PatentRecordDialogProps {
  kind: PatentRecordKind | null;
  row: PatentRow | null;
  onClose: () => void;
}

/** Dialog type 2 (view) and the other viewers of §2.4: filing info, receipts, registration, OA, certificate. */
export function PatentRecordDialog({ kind, row, onClose }: PatentRecordDialogProps) {
  const { t } = useTranslation();
  const open = kind !== null && row !== null;
  return (
    <Modal
      title={kind ? `${t(`patent.records.${kind}`)}${row ? ` · ${row.serviceCode}` : ''}` : ''}
      open={open}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {open ? <PatentRecord kind={kind} row={row} /> : null}
    </Modal>
  );
}
