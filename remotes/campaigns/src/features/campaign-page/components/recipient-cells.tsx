import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { recipientDisplayStatus, type Recipient, type RecipientDisplayStatus, type RecipientTableColumn } from '@leadforge/contracts';
import { formatCount } from '../utils/figures';

const DASH = '—';

const STATUS_COLORS: Partial<Record<RecipientDisplayStatus, string>> = {
  active: 'green',
  pause: 'orange',
  done: 'blue',
  reply: 'cyan',
  oreply: 'cyan',
  areply: 'geekblue',
  bounce: 'red',
  unsubscribe: 'volcano',
  nosend: 'magenta',
  deleted: 'default',
  tocheck: 'gold',
  limit: 'purple',
  locked: 'purple',
};

export type SenderNames = { email: ReadonlyMap<number, string>; linkedin: ReadonlyMap<number, string> };

/** The content of one cell of the recipients table (document 1 §3 columns and value sets). */
export function recipientCell(column: RecipientTableColumn, recipient: Recipient, t: TFunction, locale: string, senders: SenderNames): ReactNode {
  switch (column) {
    case 'prospect':
      return <span data-testid={`recipient-${recipient.id}`}>{recipient.name || DASH}</span>;
    case 'email_address':
      return recipient.email ?? DASH;
    case 'linkedin_url':
      return recipient.linkedin_url ? (
        <Typography.Link href={recipient.linkedin_url} target="_blank" rel="noreferrer noopener">
          {t('campaignPage.recipients.profile')}
        </Typography.Link>
      ) : (
        DASH
      );
    case 'status': {
      const status = recipientDisplayStatus(recipient.status);
      return (
        <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid={`recipient-status-${recipient.id}`}>
          {t(`campaignPage.recipientStatus.${status}`)}
        </Tag>
      );
    }
    case 'email_accounts':
      return recipient.emailAccountId === null ? DASH : (senders.email.get(recipient.emailAccountId) ?? `#${recipient.emailAccountId}`);
    case 'linkedin_accounts':
      return recipient.linkedin_account_id === null
        ? DASH
        : (senders.linkedin.get(recipient.linkedin_account_id) ?? `#${recipient.linkedin_account_id}`);
    case 'sent':
    case 'open':
    case 'click':
    case 'reply':
    case 'linkedin_visit':
    case 'linkedin_message':
      return formatCount(recipient[column], locale);
    case 'linkedin_like':
    case 'linkedin_follow':
    case 'linkedin_invite':
    case 'linkedin_invite_reply':
    case 'linkedin_message_reply':
    case 'linkedin_in_mail':
    case 'linkedin_in_mail_reply':
      return t(`campaignPage.values.${recipient[column]}`);
    case 'interest_level':
      return recipient.interest_level ? t(`campaignPage.interest.${recipient.interest_level}`) : DASH;
    case 'provider':
      return recipient.provider ?? DASH;
  }
}
