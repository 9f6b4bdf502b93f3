import { Card, Col, Row } from 'antd';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { CompanyCard } from '../../domain-search/components/company-card';
import { DomainEmailsTable } from '../../domain-search/components/domain-emails-table';
import { SingleSearchResultCard } from '../../single-email-search/components/single-search-result';
import { useGetPluginHistory } from '../api/get-plugin-history';
import { NotASearch } from './not-a-search';

export type PluginHistoryContentProps = {
  searchId: string;
  /** The page of a domain search's addresses (all of them are here; the table pages them). */
  page: number;
  onPageChange: (page: number) => void;
};

/** What one search found: a person's address, or a domain's company and addresses. */
export function PluginHistoryContent({ searchId, page, onPageChange }: PluginHistoryContentProps) {
  const history = useGetPluginHistory(searchId);
  if (history.isPending) return <LoadingState />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  const { single, domain } = history.data;
  if (single) return <SingleSearchResultCard result={single} />;
  if (!domain) return <NotASearch />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <CompanyCard company={domain.company} crawl={domain.crawl} />
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <DomainEmailsTable emails={domain.emails} total={domain.emails.length} page={page} onPageChange={onPageChange} />
        </Card>
      </Col>
    </Row>
  );
}
