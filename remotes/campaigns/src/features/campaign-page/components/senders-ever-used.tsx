import { Card, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useListEmailAccountsEverHad } from '../api/list-email-accounts-ever-had';

export type SendersEverUsedProps = { campaignId: number };

/** Every mailbox the campaign has had as a sender: current ones, and removed ones with when. */
export function SendersEverUsed({ campaignId }: SendersEverUsedProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const senders = useListEmailAccountsEverHad(campaignId);
  let body;
  if (senders.isPending) body = <LoadingState label={t('campaignPage.senders.loading')} />;
  else if (senders.isError) body = <ErrorState error={senders.error} onRetry={() => void senders.refetch()} />;
  else if (senders.data.items.length === 0) body = <EmptyState title={t('campaignPage.senders.empty')} />;
  else
    body = (
      <List
        size="small"
        dataSource={senders.data.items}
        renderItem={(item) => (
          <List.Item>
            <Typography.Text>{item.email}</Typography.Text>
            {item.current ? (
              <Tag color="green">{t('campaignPage.senders.current')}</Tag>
            ) : (
              <Tag>
                {item.removedAt
                  ? t('campaignPage.senders.removedAt', { date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(item.removedAt)) })
                  : t('campaignPage.senders.removed')}
              </Tag>
            )}
          </List.Item>
        )}
      />
    );
  return (
    <Card size="small" title={t('campaignPage.senders.title')}>
      {body}
    </Card>
  );
}
