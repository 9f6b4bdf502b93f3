import { Card, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo, DomainSearchResult } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type CompanyCardProps = { company: CompanyInfo; crawl?: DomainSearchResult['crawl'] };

/** What the site says about the company, and how much of it was read. */
export function CompanyCard({ company, crawl }: CompanyCardProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Card title={company.name ?? company.domain} size="small" data-testid="company-card">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('domainSearch.domain')}>{company.domain}</Descriptions.Item>
        {company.description ? <Descriptions.Item label={t('domainSearch.description')}>{company.description}</Descriptions.Item> : null}
        {company.socials.length > 0 ? (
          <Descriptions.Item label={t('domainSearch.socials')}>
            <Space wrap>
              {company.socials.map((social) => (
                <a key={social.url} href={social.url} target="_blank" rel="noreferrer noopener">
                  {social.network}
                </a>
              ))}
            </Space>
          </Descriptions.Item>
        ) : null}
        {crawl ? (
          <Descriptions.Item label={t('domainSearch.crawl')}>
            {t('domainSearch.crawlSummary', { pages: crawl.pagesFetched, robots: crawl.blockedByRobots, failed: crawl.failed })}
            {crawl.truncated ? ` ${t('domainSearch.truncated')}` : ''}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
    </Card>
  );
}
