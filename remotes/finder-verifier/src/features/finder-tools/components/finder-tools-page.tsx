import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { SearchHistoryTable } from '../../single-email-search/components/search-history-table';
import { useToolsOverview } from '../api/tools-overview';

/** Every tool of the area, grouped as the menu groups them (document 1 §2: finder, verifier, extensions). */
export const FINDER_TOOLS = [
  { group: 'finder', key: 'domainSearch', path: '/domain-search' },
  { group: 'finder', key: 'bulkDomainSearch', path: '/url-emails' },
  { group: 'finder', key: 'singleEmailSearch', path: '/search/single-email' },
  { group: 'finder', key: 'bulkEmailSearch', path: '/emails-from-names' },
  { group: 'finder', key: 'socialSearch', path: '/linkedin-search' },
  { group: 'finder', key: 'techCheck', path: '/techcheck' },
  { group: 'verifier', key: 'singleVerification', path: '/verify/individual-emails' },
  { group: 'verifier', key: 'bulkVerification', path: '/bulk-email-verification' },
  { group: 'extensions', key: 'extensions', path: '/extensions' },
] as const;

const GROUPS = ['finder', 'verifier', 'extensions'] as const;

const COUNTERS = ['singleSearches', 'domainSearches', 'bulkJobsActive', 'linkedinTasksActive'] as const;

/** The caller's finder activity at a glance. */
function ToolsOverview() {
  const { t } = useTranslation(NAMESPACE);
  const overview = useToolsOverview();
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
        <SearchHistoryTable items={overview.data.recent} total={overview.data.recent.length} page={1} loading={false} onPageChange={() => undefined} />
      </div>
    </>
  );
}

export function FinderToolsPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Screen pageKey="finderTools">
      <ToolsOverview />
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`tools-${group}`} style={{ marginBottom: 24 }}>
          <Typography.Title level={2} id={`tools-${group}`} style={{ fontSize: 20 }}>
            {t(`finderTools.groups.${group}`)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {FINDER_TOOLS.filter((tool) => tool.group === group).map((tool) => (
              <Col key={tool.key} xs={24} md={12} xl={8}>
                <Card title={<Link to={tool.path}>{t(`pages.${tool.key}.title`)}</Link>} size="small">
                  {t(`pages.${tool.key}.coming`)}
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </Screen>
  );
}
