import { Select, Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  BULK_VERIFICATION_RESULTS_PAGE,
  EMAIL_VERIFICATION_STATUSES,
  type BulkVerificationRow,
  type EmailVerificationStatus,
} from '@leadforge/contracts';
import { EmptyState, ErrorState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { VerificationStatusTag } from '../../../components/verification-status-tag';

export type BulkResultsTableProps = {
  title: string;
  rows: BulkVerificationRow[];
  total: number;
  page: number;
  status?: EmailVerificationStatus;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
  onStatusChange: (status: EmailVerificationStatus | undefined) => void;
};

/** One job's rows, a server page at a time, each with its status badge and why. */
export function BulkResultsTable({ title, rows, total, page, status, loading, error, onRetry, onPageChange, onStatusChange }: BulkResultsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  const columns: ProColumns<BulkVerificationRow>[] = [
    { title: t('bulk.results.row'), dataIndex: 'row', width: 80 },
    { title: t('bulk.results.email'), dataIndex: 'email', copyable: true },
    { title: t('bulk.results.status'), dataIndex: 'status', render: (_, row) => <VerificationStatusTag status={row.status} /> },
    {
      title: t('bulk.results.reasons'),
      dataIndex: 'reasons',
      render: (_, row) => row.reasons.map((reason) => <Tag key={reason}>{t(`reasons.${reason}`)}</Tag>),
    },
    {
      title: t('bulk.results.smtp'),
      dataIndex: 'smtpCode',
      render: (_, row) => [row.smtpCode, row.enhancedCode].filter((part) => part !== null).join(' ') || t('verify.none'),
    },
    { title: t('bulk.results.risk'), dataIndex: 'risk', render: (_, row) => (row.risk ? t(`risk.${row.risk}`) : t('verify.none')) },
  ];
  return (
    <ProTable<BulkVerificationRow>
      scroll={{ x: 'max-content' }}
      headerTitle={title}
      rowKey="row"
      search={false}
      options={false}
      loading={loading}
      columns={columns}
      dataSource={rows}
      toolBarRender={() => [
        <Select<EmailVerificationStatus | 'all'>
          key="status"
          aria-label={t('bulk.results.filter')}
          style={{ width: 200 }}
          value={status ?? 'all'}
          onChange={(value) => onStatusChange(value === 'all' ? undefined : value)}
          options={[
            { value: 'all', label: t('bulk.results.allStatuses') },
            ...EMAIL_VERIFICATION_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
        />,
      ]}
      locale={{ emptyText: <EmptyState title={t('bulk.results.empty')} /> }}
      pagination={{ current: page, pageSize: BULK_VERIFICATION_RESULTS_PAGE, total, showSizeChanger: false, onChange: onPageChange }}
    />
  );
}
