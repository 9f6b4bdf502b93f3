/**
 * Vocabulary of the professional-social-network area (document 1 §3 "Social-network accounts and
 * tasks", §4, §6): account states, two-factor methods, slot request and task statuses, search
 * tasks and social-url imports. The accounts' calls and views are in linkedin-accounts.ts.
 */
import * as z from './zod';
import { countSchema, recordIdSchema, timestampSchema, webUrlSchema } from './fields';

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

export const CONNECT_LIMIT_MAX = 1_000;

/** Slot assignment requests can be approved, rejected, withdrawn (by the asker) and retracted (by the lead). */
export const SLOT_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'retracted'] as const;
export type SlotRequestStatus = (typeof SLOT_REQUEST_STATUSES)[number];

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
