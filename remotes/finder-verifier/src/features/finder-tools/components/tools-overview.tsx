import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { SearchHistoryTable } from '../../search-history/components/search-history-table';
import { useGetToolsOverview } from '../api/get-tools-overview';

const COUNTERS = ['singleSearches', 'domainSearches', 'bulkJobsActive', 'linkedinTasksActive'] as const;

/** The caller's finder activity at a glance. */
export function ToolsOverview() {
  const { t } = useTranslation(NAMESPACE);
  const overview = useGetToolsOverview();
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        {COUNTERS.map((counter) => (
          <Col key={counter} xs={12} lg={6}>
            <Card size="small">
              <Statistic title={t(`finderTools.counters.${counter}`)} value={overview.data[counter]} />
            </Card>
          </Col>
        ))}
      </Row>
      <div style={{ marginBottom: 24 }}>
        <SearchHistoryTable
          items={overview.data.recent}
          total={overview.data.recent.length}
          page={1}
          loading={false}
          onPageChange={() => undefined}
        />
      </div>
    </>
  );
}
