/**
 * Professional-social-network accounts and slots, search tasks and social-url imports
 * (document 1 §3 "Social-network accounts and tasks", §4, §6).
 */
import * as z from './zod';
import { LINKEDIN_PENDING_CONNECT_LIMIT_DEFAULT } from './constants';
import { countSchema, recordIdSchema, timeZoneNameSchema, timestampSchema, webUrlSchema } from './fields';

/**
 * Connection states of an account (document 1 §4): pending connection, waiting for a
 * verification code, waiting for a two-factor code, expired, deleted, lost connection.
 */
export const SOCIAL_ACCOUNT_STATES = [
  'active',
  'pending_connection',
  'verification_code',
  'two_factor_code',
  'expired',
  'deleted',
  'lost_connection',
] as const;
export type SocialAccountState = (typeof SOCIAL_ACCOUNT_STATES)[number];
export const socialAccountStateSchema = z.enum(SOCIAL_ACCOUNT_STATES);

/** Ways a two-factor code can be delivered ("change method"). */
export const TWO_FACTOR_METHODS = ['sms', 'email', 'authenticator_app'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** A custom proxy for the account (host, port, username, password). */
export const socialProxySchema = z.object({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  username: z.string().max(255),
  password: z.string().max(255),
});
export type SocialProxy = z.infer<typeof socialProxySchema>;

export const CONNECT_LIMIT_MAX = 1_000;

/** A slot (a seat the team pays for) and the account connected to it. */
export const socialAccountSchema = z.object({
  id: recordIdSchema,
  name: z.string().max(255),
  profileUrl: webUrlSchema.nullable(),
  state: socialAccountStateSchema,
  /** Custom proxy; null uses the proxy of the account's country. */
  proxy: socialProxySchema.nullable(),
  countryId: recordIdSchema.nullable(),
  timezone: timeZoneNameSchema,
  /** Pending invitations allowed at once. */
  connectLimit: z.number().int().min(1).max(CONNECT_LIMIT_MAX).default(LINKEDIN_PENDING_CONNECT_LIMIT_DEFAULT),
  /** The warm-up toggle. */
  warmUp: z.boolean(),
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  /** Team member the slot is assigned to; null for the owner. */
  assignedUserId: recordIdSchema.nullable(),
  ownerId: recordIdSchema,
});
export type SocialAccount = z.infer<typeof socialAccountSchema>;

/** Slot assignment requests can be approved, rejected, withdrawn (by the asker) and retracted (by the lead). */
export const SLOT_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'retracted'] as const;
export type SlotRequestStatus = (typeof SLOT_REQUEST_STATUSES)[number];

export const slotRequestSchema = z.object({
  id: recordIdSchema,
  accountId: recordIdSchema,
  requesterId: recordIdSchema,
  status: z.enum(SLOT_REQUEST_STATUSES),
  createdAt: timestampSchema,
});
export type SlotRequest = z.infer<typeof slotRequestSchema>;

/** Search and social-url tasks can be stopped and deleted (document 1 §4). */
export const SOCIAL_TASK_STATUSES = ['queued', 'in_progress', 'stopped', 'completed', 'failed'] as const;
export type SocialTaskStatus = (typeof SOCIAL_TASK_STATUSES)[number];

export const SEARCH_TASK_PROSPECTS_MAX = 10_000;

export const searchTaskSchema = z.object({
  id: recordIdSchema,
  /** The social-network search URL to harvest. */
  url: webUrlSchema,
  accountId: recordIdSchema,
  prospectsListId: recordIdSchema,
  prospectsTotal: z.number().int().min(1).max(SEARCH_TASK_PROSPECTS_MAX),
  isSkipSaved: z.boolean(),
  isSaveWithoutEmail: z.boolean(),
  status: z.enum(SOCIAL_TASK_STATUSES),
  prospectsFound: countSchema,
  createdAt: timestampSchema,
});
export type SearchTask = z.infer<typeof searchTaskSchema>;

export const socialUrlImportSchema = z.object({
  id: recordIdSchema,
  /** Stored file name. */
  fileName: z.string().min(1).max(255),
  /** Name of the file the user uploaded. */
  fileNameOriginal: z.string().min(1).max(255),
  rowsCount: countSchema,
  prospectsListId: recordIdSchema,
  status: z.enum(SOCIAL_TASK_STATUSES),
  /** Rows whose link could not be used (download-bad-links). */
  badLinksCount: countSchema,
  createdAt: timestampSchema,
});
export type SocialUrlImport = z.infer<typeof socialUrlImportSchema>;
