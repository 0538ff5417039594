import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { type StatusChoice, statusParam } from './search-state.ts';

/**
 * 下载查询报告: the search's PDF report in the reader's language, with the statuses the screen shows. Not charged.
 * The download code loads when pressed; this button itself ships with the results, not the route's first load.
 */
export function ReportButton({ searchId, status }: { searchId: string; status: readonly StatusChoice[] }) {
  const { t, i18n } = useTranslation();
  const message = useMessageApi();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    const fallback = t('trademarkReport.failed');
    try {
      const { downloadReport } = await import('../api/download-report.ts');
      await downloadReport(searchId, {
        language: i18n.language === 'en-US' ? 'en-US' : 'zh-CN',
        status: statusParam(status),
        fallback,
      });
    } catch (error) {
      // A ReportError carries the server's message; a chunk that failed to load, ours.
      void message.warning(error instanceof Error && error.name === 'ReportError' ? error.message : fallback);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" loading={busy} onClick={() => void download()}>
      {busy ? t('trademarkReport.preparing') : t('trademarkReport.download')}
    </Button>
  );
}
