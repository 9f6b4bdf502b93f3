/** Campaign recipients (document 1 §3 "Recipient"). */
import * as z from './zod';
import { countSchema, recordIdSchema, webUrlSchema } from './fields';

export const RECIPIENT_STATUSES = [
  'active',
  'pause',
  /** Finished. */
  'done',
  'unsubscribe',
  'moved',
  'reply',
  /** Over limit. */
  'limit',
  'bounce',
  /** Auto replied. */
  'areply',
  /** Replied from another email. */
  'oreply',
  'deleted',
  'nosend',
  'locked',
  'tocheck',
  /** Shown as active. */
  'processing',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const recipientStatusSchema = z.enum(RECIPIENT_STATUSES);

/** The status the table shows: processing is displayed as active, every other as itself. */
export function recipientDisplayStatus(status: RecipientStatus): Exclude<RecipientStatus, 'processing'> {
  return status === 'processing' ? 'active' : status;
}

export const INTEREST_LEVELS = ['interested', 'maybe', 'not_interested'] as const;
export type InterestLevel = (typeof INTEREST_LEVELS)[number];
export const interestLevelSchema = z.enum(INTEREST_LEVELS);

export const LINKEDIN_LIKE_STATES = ['not_liked', 'scheduled', 'liked'] as const;
export const LINKEDIN_FOLLOW_STATES = ['not_followed', 'scheduled', 'followed'] as const;
export const LINKEDIN_INVITE_STATES = ['not_sent', 'scheduled', 'sent', 'accepted'] as const;
export const LINKEDIN_INVITE_REPLY_STATES = ['no_message', 'not_replied', 'replied'] as const;
export const LINKEDIN_MESSAGE_REPLY_STATES = ['not_replied', 'replied'] as const;
export const LINKEDIN_IN_MAIL_STATES = ['not_sent', 'scheduled', 'sent'] as const;
export const LINKEDIN_IN_MAIL_REPLY_STATES = ['not_replied', 'replied'] as const;

export const recipientSchema = z.object({
  id: recordIdSchema,
  prospectId: recordIdSchema,
  name: z.string().max(255),
  email: z.string().max(254).nullable(),
  linkedin_url: webUrlSchema.nullable(),
  status: recipientStatusSchema,
  emailAccountId: recordIdSchema.nullable(),
  linkedin_account_id: recordIdSchema.nullable(),
  sent: countSchema,
  open: countSchema,
  click: countSchema,
  reply: countSchema,
  /** Profile visits made. */
  linkedin_visit: countSchema,
  linkedin_like: z.enum(LINKEDIN_LIKE_STATES),
  linkedin_follow: z.enum(LINKEDIN_FOLLOW_STATES),
  linkedin_invite: z.enum(LINKEDIN_INVITE_STATES),
  linkedin_invite_reply: z.enum(LINKEDIN_INVITE_REPLY_STATES),
  /** Messages sent. */
  linkedin_message: countSchema,
  linkedin_message_reply: z.enum(LINKEDIN_MESSAGE_REPLY_STATES),
  linkedin_in_mail: z.enum(LINKEDIN_IN_MAIL_STATES),
  linkedin_in_mail_reply: z.enum(LINKEDIN_IN_MAIL_REPLY_STATES),
  interest_level: interestLevelSchema.nullable(),
  /** Mail provider of the recipient's address (gmail, outlook, other…). */
  provider: z.string().max(50).nullable(),
});
export type Recipient = z.infer<typeof recipientSchema>;

export const RECIPIENT_TABLE_COLUMNS = [
  'prospect',
  'email_address',
  'linkedin_url',
  'status',
  'email_accounts',
  'linkedin_accounts',
  'sent',
  'open',
  'click',
  'reply',
  'linkedin_visit',
  'linkedin_like',
  'linkedin_follow',
  'linkedin_invite',
  'linkedin_invite_reply',
  'linkedin_message',
  'linkedin_message_reply',
  'linkedin_in_mail',
  'linkedin_in_mail_reply',
  'interest_level',
  'provider',
] as const;
export type RecipientTableColumn = (typeof RECIPIENT_TABLE_COLUMNS)[number];

/** Filters that have no column; linkedin_not_reached_profile is hidden from the filter bar. */
export const RECIPIENT_FILTER_ONLY_FIELDS = ['flowchart_block', 'goal', 'contacted', 'linkedin_not_reached_profile'] as const;
export const RECIPIENT_HIDDEN_FILTERS = ['linkedin_not_reached_profile'] as const;
export type RecipientFilterField = RecipientTableColumn | (typeof RECIPIENT_FILTER_ONLY_FIELDS)[number];
