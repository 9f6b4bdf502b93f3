import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_STATUSES, recipientDisplayStatus, type RecipientStatus } from '@leadforge/contracts';
import { isApiError } from '@leadforge/api-client';
import { NAMESPACE } from '../../../i18n';
import { useProspectInfo } from '../api/get-prospect-info';

export type ProspectCardProps = {
  prospectId: number;
};

const isRecipientStatus = (status: string): status is RecipientStatus => (RECIPIENT_STATUSES as readonly string[]).includes(status);

/**
 * Who the conversation is with, as the prospects area knows them: position and company, lists,
 * tags and the campaigns they are in with their status there. A prospect this viewer may not see
 * (404) shows no card at all, rather than an error about someone they cannot read.
 */
export function ProspectCard({ prospectId }: ProspectCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const info = useProspectInfo(prospectId);

  if (info.isError) {
    if (isApiError(info.error) && info.error.status === 404) return null;
    return (
      <Alert
        type="warning"
        showIcon
        title={t('prospect.error')}
        action={
          <Button size="small" onClick={() => void info.refetch()}>
            {t('prospect.retry')}
          </Button>
        }
      />
    );
  }

  const prospect = info.data;
  const company = prospect?.companies.find((entry) => entry.name.trim() !== '');
  const role = company ? (company.position ? t('prospect.positionAt', { position: company.position, company: company.name }) : company.name) : null;
  return (
    <Card
      size="small"
      loading={info.isPending}
      aria-busy={info.isPending}
      aria-label={t('prospect.label')}
      data-testid="prospect-card"
      title={prospect?.name || t('prospect.label')}
      extra={<Link to={`/prospect?id=${prospectId}&listId=0`}>{t('prospect.open')}</Link>}
    >
      {prospect ? (
        <Flex vertical gap={6}>
          {role ? <Typography.Text type="secondary">{role}</Typography.Text> : null}
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{t('prospect.lists')}</Typography.Text>
            {prospect.lists.length === 0 ? <Typography.Text type="secondary">{t('prospect.none')}</Typography.Text> : null}
            {prospect.lists.map((list) => (
              <Link key={list.listId} to={`/prospects/list/${list.listId}`}>
                <Tag>{list.name}</Tag>
              </Link>
            ))}
          </Flex>
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{t('prospect.tags')}</Typography.Text>
            {prospect.tags.length === 0 ? <Typography.Text type="secondary">{t('prospect.none')}</Typography.Text> : null}
            {prospect.tags.map((tag) => (
              <Tag key={tag.tagEntityId} color="blue">
                {tag.name}
              </Tag>
            ))}
          </Flex>
          <Flex gap={4} wrap align="center">
            <Typography.Text strong>{t('prospect.campaigns')}</Typography.Text>
            {prospect.campaigns.length === 0 ? <Typography.Text type="secondary">{t('prospect.none')}</Typography.Text> : null}
            {prospect.campaigns.map((campaign) => (
              <Flex key={campaign.campaignId} gap={4} align="center">
                <Link to={`/campaigns/${campaign.campaignId}`}>{campaign.title}</Link>
                {isRecipientStatus(campaign.status) ? <Tag>{t(`prospect.status.${recipientDisplayStatus(campaign.status)}`)}</Tag> : null}
              </Flex>
            ))}
          </Flex>
        </Flex>
      ) : null}
    </Card>
  );
}
