import { Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type DomainEmail } from '@leadforge/contracts';
import { EmptyState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { VerificationStatusTag } from '../../../components/verification-status-tag';

export type DomainEmailsTableProps = {
  emails: DomainEmail[];
  total: number;
  page?: number;
  loading?: boolean;
  onPageChange?: (page: number) => void;
  /** Rows per page; the domain search shows document 2 §9's eight. */
  pageSize?: number;
};

/** Addresses at a domain with who they belong to and where each was seen. */
export function DomainEmailsTable({ emails, total, page = 1, loading = false, onPageChange, pageSize = FINDER_LIMITS.domainSearchPerPage }: DomainEmailsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const columns: ProColumns<DomainEmail>[] = [
    { title: t('domainSearch.email'), dataIndex: 'email', copyable: true },
    { title: t('domainSearch.name'), dataIndex: 'name', render: (_, row) => row.name ?? t('verify.none') },
    { title: t('domainSearch.position'), dataIndex: 'position', render: (_, row) => row.position ?? t('verify.none') },
    {
      title: t('domainSearch.source'),
      dataIndex: 'source',
      render: (_, row) =>
        row.sourceUrl ? (
          <a href={row.sourceUrl} target="_blank" rel="noreferrer noopener">
            {t(`domainSearch.sources.${row.source}`)}
          </a>
        ) : (
          <Tag>{t(`domainSearch.sources.${row.source}`)}</Tag>
        ),
    },
    { title: t('history.status'), dataIndex: 'status', render: (_, row) => <VerificationStatusTag status={row.status} /> },
  ];
  return (
    <ProTable<DomainEmail>
      scroll={{ x: 'max-content' }}
      rowKey="email"
      search={false}
      options={false}
      loading={loading}
      columns={columns}
      dataSource={emails}
      locale={{ emptyText: <EmptyState title={t('domainSearch.empty')} /> }}
      // Without onPageChange the rows are all here and the table pages them itself.
      pagination={onPageChange ? { current: page, pageSize, total, showSizeChanger: false, onChange: onPageChange } : { pageSize, showSizeChanger: false }}
    />
  );
}
