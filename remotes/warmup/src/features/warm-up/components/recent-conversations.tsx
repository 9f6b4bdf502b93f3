import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupConversation } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type RecentConversationsProps = {
  items: readonly WarmupConversation[];
};

const PLACEMENT_COLORS = { inbox: 'success', spam: 'error', unknown: 'default' } as const;

/**
 * The mailbox's latest warm-up mail, sent and received: when, with which domain, where it landed,
 * whether it was rescued from spam and answered. Never its text: warm-up mail is not a conversation
 * the user reads (the unibox leaves it out too).
 */
export function RecentConversations({ items }: RecentConversationsProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="warmup-recent-title">
      <Typography.Title level={3} id="warmup-recent-title" style={{ fontSize: 16 }}>
        {t('warmUp.recent.title')}
      </Typography.Title>
      <Table<WarmupConversation>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...items]}
        locale={{ emptyText: t('warmUp.recent.empty') }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'at',
            title: t('warmUp.recent.at'),
            render: (_, item) => <time dateTime={item.at}>{when.format(new Date(item.at))}</time>,
          },
          {
            key: 'with',
            title: t('warmUp.recent.with'),
            render: (_, item) => t(`warmUp.recent.direction.${item.direction}`, { domain: item.partnerDomain }),
          },
          {
            key: 'placement',
            title: t('warmUp.recent.placement'),
            render: (_, item) => (
              <>
                <Tag color={PLACEMENT_COLORS[item.placement]}>{t(`warmUp.recent.placements.${item.placement}`)}</Tag>
                {item.rescued ? <Tag color="processing">{t('warmUp.recent.rescued')}</Tag> : null}
              </>
            ),
          },
          {
            key: 'replied',
            title: t('warmUp.recent.replied'),
            render: (_, item) => (item.replied ? t('warmUp.recent.yes') : t('warmUp.recent.no')),
          },
        ]}
      />
    </section>
  );
}
