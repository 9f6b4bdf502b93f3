import { Flex, Progress, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { progressPercent } from '../utils/csv-mapping';

export type ImportReportProps = {
  status: 'uploaded' | 'queued' | 'running' | 'completed' | 'failed';
  total: number;
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  rejectedCount: number;
  rejected: { row: number; reason: string; field: string | null }[];
};

/** Import progress while it runs, then what was imported and every rejected row with its reason. */
export function ImportReport({ status, total, processed, imported, updated, skipped, rejectedCount, rejected }: ImportReportProps) {
  const { t } = useTranslation(NAMESPACE);
  const finished = status === 'completed' || status === 'failed';
  // Reasons of the import itself (an unreadable row) first, then the error catalogue's keys.
  const reasonText = (reason: string) =>
    t(`import.reasons.${reason}`, { defaultValue: t(`errors:${reason}.description`, { defaultValue: reason }) });
  return (
    <Flex vertical gap={16} data-testid="import-report" data-status={status}>
      <Progress
        percent={finished ? 100 : progressPercent(processed, total)}
        status={status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
        aria-label={t('import.progress')}
      />
      <Typography.Text>{t(`import.status.${status}`, { processed, total })}</Typography.Text>
      <Flex gap={24} wrap>
        <Statistic title={t('import.imported')} value={imported} />
        <Statistic title={t('import.updated')} value={updated} />
        <Statistic title={t('import.skipped')} value={skipped} />
        <Statistic title={t('import.rejected')} value={rejectedCount} />
      </Flex>
      {finished && rejected.length > 0 ? (
        <Table
          size="small"
          rowKey={(item) => `${item.row}-${item.field ?? ''}`}
          aria-label={t('import.rejectedRows')}
          dataSource={rejected}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          columns={[
            { key: 'row', dataIndex: 'row', title: t('import.row') },
            { key: 'field', dataIndex: 'field', title: t('import.field'), render: (field: string | null) => field ?? '—' },
            { key: 'reason', dataIndex: 'reason', title: t('import.reason'), render: (reason: string) => reasonText(reason) },
          ]}
        />
      ) : null}
    </Flex>
  );
}
