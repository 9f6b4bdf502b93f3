import { Card, Descriptions, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Candidate, SingleSearchResult } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { FinderStatusTag } from '../../../components/finder-status-tag';

const PERCENT = 100;

export type SingleSearchResultCardProps = { result: SingleSearchResult; actions?: React.ReactNode };

/** The address found (or why none was), the pattern used and every candidate tried. */
export function SingleSearchResultCard({ result, actions }: SingleSearchResultCardProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Card
      data-testid="single-search-result"
      title={
        <Space>
          <Typography.Text strong>{result.email ?? t('singleSearch.noEmail')}</Typography.Text>
          <FinderStatusTag status={result.status} />
        </Space>
      }
      actions={actions ? [actions] : undefined}
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('singleSearch.person')}>
          {result.firstName} {result.lastName}
        </Descriptions.Item>
        <Descriptions.Item label={t('singleSearch.domain')}>{result.domain}</Descriptions.Item>
        <Descriptions.Item label={t('singleSearch.pattern')}>{result.pattern ?? t('verify.none')}</Descriptions.Item>
        <Descriptions.Item label={t('singleSearch.patternSource')}>{t(`singleSearch.sources.${result.patternSource}`)}</Descriptions.Item>
        <Descriptions.Item label={t('flags.catchAll')}>
          {result.catchAll === null ? t('candidateStatus.not_checked') : result.catchAll ? t('verify.yes') : t('verify.no')}
        </Descriptions.Item>
      </Descriptions>
      <Table<Candidate>
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 16 }}
        size="small"
        rowKey="email"
        pagination={false}
        caption={t('singleSearch.candidates')}
        dataSource={result.candidates}
        columns={[
          { title: t('singleSearch.candidate'), dataIndex: 'email' },
          { title: t('singleSearch.pattern'), dataIndex: 'pattern' },
          { title: t('singleSearch.score'), dataIndex: 'score', render: (score: number) => `${Math.round(score * PERCENT)}%` },
          { title: t('history.status'), dataIndex: 'status', render: (status: Candidate['status']) => t(`candidateStatus.${status}`) },
        ]}
      />
    </Card>
  );
}
