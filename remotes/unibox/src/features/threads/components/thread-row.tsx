import { Button, Checkbox, Flex, Tag, Tooltip, Typography } from 'antd';
import StarFilled from '@ant-design/icons/es/icons/StarFilled';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import LinkedinOutlined from '@ant-design/icons/es/icons/LinkedinOutlined';
import { useTranslation } from 'react-i18next';
import type { UniboxThreadRow } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { formatDateTime, formatRelativeTime } from '../utils/relative-time';

export type ThreadRowProps = {
  row: UniboxThreadRow;
  active: boolean;
  selected: boolean;
  now: Date;
  onOpen(row: UniboxThreadRow): void;
  onSelect(row: UniboxThreadRow, selected: boolean): void;
  onStar(row: UniboxThreadRow, isStarred: boolean): void;
};

/** One conversation in the list: who, subject, snippet, when, campaign and lead status; bold while unread. */
export function ThreadRow({ row, active, selected, now, onOpen, onSelect, onStar }: ThreadRowProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const unread = row.unreadCount > 0;
  const who = row.counterpart.name ?? row.counterpart.address;
  const linkedin = row.channel === 'linkedin';
  // A LinkedIn message has no subject (an InMail has one): the snippet says enough.
  const subject = row.subject || (linkedin ? t('thread.linkedinConversation') : t('thread.noSubject'));
  const starLabel = row.isStarred ? t('thread.unstar', { who }) : t('thread.star', { who });
  return (
    <Flex
      role="listitem"
      data-testid="thread-row"
      aria-current={active ? 'true' : undefined}
      gap={8}
      align="flex-start"
      style={{
        padding: '10px 12px',
        borderBottom: '1px solid #f0f0f0',
        background: active ? '#e6f4ff' : unread ? '#fff' : '#fafafa',
        cursor: 'pointer',
        height: '100%',
        boxSizing: 'border-box',
      }}
      onClick={() => onOpen(row)}
    >
      <Flex vertical align="center" gap={4} onClick={(event) => event.stopPropagation()}>
        <Checkbox aria-label={t('thread.select', { who })} checked={selected} onChange={(event) => onSelect(row, event.target.checked)} />
        <Button
          type="text"
          size="small"
          aria-label={starLabel}
          aria-pressed={row.isStarred}
          icon={row.isStarred ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
          onClick={() => onStar(row, !row.isStarred)}
        />
      </Flex>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Flex justify="space-between" gap={8}>
          <Typography.Text strong={unread} ellipsis title={row.counterpart.address}>
            <a
              href={`#thread-${row.id}`}
              onClick={(event) => event.preventDefault()}
              style={{ color: 'inherit' }}
              aria-label={unread ? t('thread.openUnread', { who, count: row.unreadCount }) : t('thread.open', { who })}
            >
              {who}
            </a>
            {row.messageCount > 1 ? <Typography.Text type="secondary"> ({row.messageCount})</Typography.Text> : null}
          </Typography.Text>
          <Tooltip title={formatDateTime(row.lastMessageAt, i18n.language)}>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
              <time dateTime={row.lastMessageAt}>{formatRelativeTime(row.lastMessageAt, now, i18n.language)}</time>
            </Typography.Text>
          </Tooltip>
        </Flex>
        <Typography.Text strong={unread} ellipsis>
          {subject}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {row.snippet}
        </Typography.Text>
        {linkedin || row.campaign || row.leadStatus ? (
          <Flex gap={4} wrap style={{ minWidth: 0 }}>
            {linkedin ? (
              <Tag color="blue" icon={<LinkedinOutlined aria-hidden />}>
                {t('thread.linkedin')}
              </Tag>
            ) : null}
            {row.campaign ? (
              <Tag color="purple" style={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {t('thread.campaign', { title: row.campaign.title })}
              </Tag>
            ) : null}
            {row.leadStatus ? <Tag color="green">{t('thread.leadStatus', { status: row.leadStatus })}</Tag> : null}
          </Flex>
        ) : null}
      </Flex>
    </Flex>
  );
}
