import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useListUsage } from '../api/check-list-usage';

export type ListCampaignUsageProps = { listId: number };

/**
 * In the delete-list confirmation: the campaigns that send to this list or exclude it, by name.
 * Deleting does not wait for it (their recipients keep going; nobody new is added from the list).
 */
export function ListCampaignUsage({ listId }: ListCampaignUsageProps) {
  const { t } = useTranslation(NAMESPACE);
  const usage = useListUsage(listId);
  if (usage.isPending) return <Typography.Text type="secondary">{t('lists.usage.loading')}</Typography.Text>;
  if (usage.isError) return <Typography.Text type="secondary">{t('lists.usage.failed')}</Typography.Text>;
  if (usage.data.length === 0) return <Typography.Text type="secondary">{t('lists.usage.none')}</Typography.Text>;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="list-usage"
      title={t('lists.usage.used', { titles: usage.data.map((campaign) => `“${campaign.title}”`).join(', ') })}
      description={t('lists.usage.keepGoing')}
    />
  );
}
