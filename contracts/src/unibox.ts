/** Unibox: shared inbox over email and social-network accounts (document 1 §3 "Unibox", §4). */
import * as z from './zod';
import { UNIBOX } from './constants';
import { countSchema, recordIdSchema, timestampSchema } from './fields';

/**
 * Unibox account statuses of document 1 §4: active, initiation and parsing (shown as active),
 * paused, error, ready (the default), and started, expired, cancelled.
 */
export const UNIBOX_ACCOUNT_STATUSES = [
  'ready',
  'active',
  'initiation',
  'parsing',
  'paused',
  'error',
  'started',
  'expired',
  'cancelled',
] as const;
export type UniboxAccountStatus = (typeof UNIBOX_ACCOUNT_STATUSES)[number];
export const uniboxAccountStatusSchema = z.enum(UNIBOX_ACCOUNT_STATUSES);
export const DEFAULT_UNIBOX_ACCOUNT_STATUS: UniboxAccountStatus = 'ready';

export type UniboxDisplayStatus = 'active' | 'paused' | 'error' | 'ready' | 'expired' | 'cancelled';

/**
 * What the account list shows: active, initiation and parsing all read as active; paused and
 * error show themselves; a missing status reads as ready. `started` is a sync that has begun, so
 * it reads as active too.
 */
export function uniboxDisplayStatus(status: UniboxAccountStatus | null | undefined): UniboxDisplayStatus {
  switch (status) {
    case 'active':
    case 'initiation':
    case 'parsing':
    case 'started':
      return 'active';
    case 'paused':
    case 'error':
    case 'expired':
    case 'cancelled':
      return status;
    default:
      return 'ready';
  }
}

export const FIRST_PARSING_PERIODS = UNIBOX.firstParsingPeriodOptions;
export type FirstParsingPeriod = (typeof FIRST_PARSING_PERIODS)[number];
export const firstParsingPeriodSchema = z
  .union(
    FIRST_PARSING_PERIODS.map((d) => z.literal(d)) as [z.ZodLiteral<3>, z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<180>],
  )
  .default(UNIBOX.firstParsingPeriodDefault as FirstParsingPeriod);

export const UNIBOX_CHANNELS = ['email', 'linkedin'] as const;
export type UniboxChannel = (typeof UNIBOX_CHANNELS)[number];

export const uniboxAccountSchema = z.object({
  id: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  /** Address or profile name. */
  name: z.string().max(255),
  /** Whether the account is connected to the unibox. */
  unibox: z.boolean(),
  uniboxStatus: uniboxAccountStatusSchema.default(DEFAULT_UNIBOX_ACCOUNT_STATUS),
  /** Days of history fetched on the first sync. */
  firstParsingPeriod: firstParsingPeriodSchema,
  /** Sync only conversations with known prospects. */
  leadsParsingOnly: z.boolean(),
});
export type UniboxAccount = z.infer<typeof uniboxAccountSchema>;

export const UNIBOX_MESSAGE_DIRECTIONS = ['incoming', 'outgoing'] as const;

export const uniboxMessageSchema = z.object({
  id: recordIdSchema,
  threadGroupId: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  direction: z.enum(UNIBOX_MESSAGE_DIRECTIONS),
  from: z.string().max(320),
  to: z.array(z.string().max(320)),
  subject: z.string().max(998).nullable(),
  body: z.string().max(1_000_000),
  isRead: z.boolean(),
  sentAt: timestampSchema,
});
export type UniboxMessage = z.infer<typeof uniboxMessageSchema>;

/** A conversation with one prospect across messages. */
export const uniboxThreadGroupSchema = z.object({
  id: recordIdSchema,
  accountId: recordIdSchema,
  channel: z.enum(UNIBOX_CHANNELS),
  subject: z.string().max(998).nullable(),
  snippet: z.string().max(500),
  participants: z.array(z.string().max(320)),
  prospectId: recordIdSchema.nullable(),
  campaignId: recordIdSchema.nullable(),
  isStarred: z.boolean(),
  unreadCount: countSchema,
  lastMessageAt: timestampSchema,
});
export type UniboxThreadGroup = z.infer<typeof uniboxThreadGroupSchema>;

export const uniboxFiltersSchema = z.object({
  text: z.string().trim().max(255).optional(),
  emailAccountIds: z.array(recordIdSchema).max(500).optional(),
  linkedinAccountIds: z.array(recordIdSchema).max(500).optional(),
  campaignIds: z.array(recordIdSchema).max(500).optional(),
  /** Only conversations with prospects (leads). */
  leads: z.boolean().optional(),
  isStarred: z.boolean().optional(),
});
export type UniboxFilters = z.infer<typeof uniboxFiltersSchema>;
