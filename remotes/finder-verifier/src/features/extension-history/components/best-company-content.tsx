import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { CompanyCard } from '../../domain-search/components/company-card';
import { DomainEmailsTable } from '../../domain-search/components/domain-emails-table';
import { useGetBestCompany } from '../api/get-best-company';

export type BestCompanyContentProps = {
  searchId: string;
  /** The page of the contacts (all of them are here; the table pages them). */
  page: number;
  onPageChange: (page: number) => void;
};

/** The company of a domain search and its most senior contacts. */
export function BestCompanyContent({ searchId, page, onPageChange }: BestCompanyContentProps) {
  const { t } = useTranslation(NAMESPACE);
  const best = useGetBestCompany(searchId);
  if (best.isPending) return <LoadingState />;
  if (best.isError) return <ErrorState error={best.error} onRetry={() => void best.refetch()} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <CompanyCard company={best.data.company} />
      <Card title={t('extensionHistory.contacts', { count: best.data.total })}>
        <DomainEmailsTable
          emails={best.data.contacts}
          total={best.data.contacts.length}
          page={page}
          onPageChange={onPageChange}
        />
      </Card>
    </Space>
  );
}
