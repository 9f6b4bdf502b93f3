import { Avatar, Descriptions, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { PlainList } from '../../../components/plain-list';
import { useCompanyOverview } from '../api/get-company-overview';

export type CompanyOverviewProps = { companyId: number };

/** /companies/overview/{id}: the company and the prospects who work there. */
export function CompanyOverview({ companyId }: CompanyOverviewProps) {
  const { t } = useTranslation(NAMESPACE);
  const overview = useCompanyOverview(companyId);
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  const company = overview.data;
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center">
        {company.logo ? <Avatar src={company.logo} shape="square" /> : null}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {company.companyName}
        </Typography.Title>
      </Flex>
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label={t('companies.columns.domain')}>{company.domain ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('companies.columns.industry')}>{company.industry ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('companies.columns.country')}>{company.country ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('companies.columns.size')}>{company.size ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('prospect.company.hqPhone')}>{company.hqPhone ?? '—'}</Descriptions.Item>
      </Descriptions>
      <PlainList
        header={t('companies.prospects', { count: company.prospects.length })}
        items={company.prospects}
        itemKey={(prospect) => prospect.id}
        renderItem={(prospect) => (
          <>
            {prospect.name} {prospect.position ? <Typography.Text type="secondary">· {prospect.position}</Typography.Text> : null}
          </>
        )}
      />
    </Flex>
  );
}
