import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { LAST_VERIFIED_PAGE, type EmailVerificationDetail } from '@leadforge/contracts';
import { ErrorState, ServerPagedTable } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { VerificationStatusTag } from '../../../components/verification-status-tag';

export type LastVerifiedTableProps = {
  items: EmailVerificationDetail[];
  total: number;
  page: number;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
};

/** The history of verified addresses (POST /verify/last-verified), a server page at a time. */
export function LastVerifiedTable({ items, total, page, loading, error, onRetry, onPageChange }: LastVerifiedTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (error) return <ErrorState error={error} onRetry={onRetry} />;
  const columns: ProColumns<EmailVerificationDetail>[] = [
    { title: t('history.email'), dataIndex: 'email', copyable: true },
    { title: t('history.status'), dataIndex: 'status', render: (_, row) => <VerificationStatusTag status={row.status} /> },
    { title: t('history.risk'), dataIndex: 'risk', render: (_, row) => t(`risk.${row.risk}`) },
    {
      title: t('history.verifiedAt'),
      dataIndex: 'verifiedAt',
      render: (_, row) => (row.verifiedAt ? new Date(row.verifiedAt).toLocaleString(i18n.language) : t('verify.none')),
    },
  ];
  return (
    <ServerPagedTable<EmailVerificationDetail>
      headerTitle={t('history.title')}
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={items}
      emptyText={t('history.empty')}
      page={page}
      pageSize={LAST_VERIFIED_PAGE}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
