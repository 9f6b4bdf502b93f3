import { Card, Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { RANDOM_ID_LENGTH } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { SingleSearchResultCard } from '../../single-email-search/components/single-search-result';
import { CompanyCard } from '../../domain-search/components/company-card';
import { DomainEmailsTable } from '../../domain-search/components/domain-emails-table';
import { useBestCompany, usePluginHistory } from '../api/plugin-history';

/** Search ids are RANDOM_ID_LENGTH characters; anything else cannot be one, so no call is made. */
const isSearchId = (value: string | undefined): value is string => value !== undefined && value.length === RANDOM_ID_LENGTH;

function NotASearch() {
  const { t } = useTranslation(NAMESPACE);
  return <EmptyState title={t('extensionHistory.notFound')} />;
}

function HistoryContent({ searchId }: { searchId: string }) {
  const history = usePluginHistory(searchId);
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  const { single, domain } = history.data;
  if (single) return <SingleSearchResultCard result={single} />;
  if (domain)
    return (
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <CompanyCard company={domain.company} crawl={domain.crawl} />
        </Col>
        <Col xs={24} lg={16}>
          <Card>
            <DomainEmailsTable emails={domain.emails} total={domain.emails.length} />
          </Card>
        </Col>
      </Row>
    );
  return <NotASearch />;
}

/** /plugin/history/{searchId}: what the extension (or the finder) found in one search. */
export function ExtensionHistoryPage() {
  const { searchId } = useParams();
  return <Screen pageKey="extensionHistory">{isSearchId(searchId) ? <HistoryContent searchId={searchId} /> : <NotASearch />}</Screen>;
}

function BestCompanyContent({ searchId }: { searchId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const best = useBestCompany(searchId);
  if (best.isPending) return <LoadingState />;
  if (best.isError) return <ErrorState error={best.error} onRetry={() => void best.refetch()} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <CompanyCard company={best.data.company} />
      <Card title={t('extensionHistory.contacts', { count: best.data.total })}>
        <DomainEmailsTable emails={best.data.contacts} total={best.data.contacts.length} />
      </Card>
    </Space>
  );
}

/** /plugin/history-best-company/{searchId}: the company of a domain search and its senior contacts. */
export function BestCompanyHistoryPage() {
  const { searchId } = useParams();
  return (
    <Screen pageKey="extensionBestCompanyHistory">{isSearchId(searchId) ? <BestCompanyContent searchId={searchId} /> : <NotASearch />}</Screen>
  );
}
