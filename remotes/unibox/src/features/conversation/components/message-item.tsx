import { Card, Flex, Tag, Typography } from 'antd';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import { useTranslation } from 'react-i18next';
import { uniboxRoutes, type UniboxMessageItem } from '@leadforge/contracts';
import { routeUrl } from '@leadforge/api-client';
import { NAMESPACE } from '../../../i18n';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';
import { formatDateTime } from '../../threads/utils/relative-time';
import { useInlineImages } from '../hooks/use-inline-images';
import { MessageBody } from './message-body';

export type MessageItemProps = {
  message: UniboxMessageItem;
  forUserId: number | undefined;
};

const DELIVERY_COLORS = { queued: 'default', sending: 'processing', sent: 'success', failed: 'error', unknown: 'warning' } as const;

function formatSize(bytes: number, locale: string): string {
  const kb = bytes / 1024;
  const [value, unit] = kb >= 1024 ? [kb / 1024, 'megabyte'] : [Math.max(kb, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** One message of the conversation: who, to whom, when, the content, attachments and, for our own, how it left. */
export function MessageItem({ message, forUserId }: MessageItemProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const outgoing = message.direction === 'outgoing';
  const html = useInlineImages(message, forUserId);
  const linkedin = message.channel === 'linkedin';
  // A LinkedIn sender is a person (their profile address is in the conversation's card, not here).
  const sender = linkedin
    ? message.from.name ?? message.from.address
    : message.from.name
      ? `${message.from.name} <${message.from.address}>`
      : message.from.address;
  return (
    <Card
      size="small"
      data-testid="unibox-message"
      style={outgoing ? { borderInlineStart: '3px solid #1677ff' } : undefined}
      title={
        <Flex vertical gap={0} style={{ fontWeight: 'normal', padding: '4px 0', minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong ellipsis>
              {sender}
            </Typography.Text>
            {outgoing ? <Tag color="blue">{t('message.outgoing')}</Tag> : null}
            {linkedin ? <Tag>{t(`message.linkedinKind.${message.kind === 'in_mail' || message.kind === 'invite_note' ? message.kind : 'message'}`)}</Tag> : null}
            {message.delivery ? <Tag color={DELIVERY_COLORS[message.delivery]}>{t(`message.delivery.${message.delivery}`)}</Tag> : null}
          </Flex>
          <Typography.Text type="secondary" ellipsis>
            {t('message.to', { to: message.to.join(', ') })}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Typography.Text type="secondary">
          <time dateTime={message.receivedAt}>{formatDateTime(message.receivedAt, i18n.language)}</time>
        </Typography.Text>
      }
    >
      <Flex vertical gap={12}>
        <MessageBody html={html} text={message.text} sender={message.from.address} title={message.subject} />
        {message.attachments.length > 0 ? (
          <Flex gap={8} wrap aria-label={t('message.attachments')} role="list">
            {message.attachments.map((attachment, index) => {
              const name = attachment.filename ?? t('message.unnamedAttachment', { index: index + 1 });
              return (
                <span role="listitem" key={index}>
                  <a
                    href={routeUrl(uniboxRoutes.uniboxAttachment, { params: { messageId: message.id, index }, query: ownerPart(forUserId) })}
                    download={attachment.filename ?? true}
                    aria-label={t('message.download', { name })}
                  >
                    <Tag icon={<PaperClipOutlined aria-hidden />}>
                      {name} · {formatSize(attachment.size, i18n.language)}
                    </Tag>
                  </a>
                </span>
              );
            })}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
