/** Email verification entities (document 1 §1 "Email finder and verifier", §4 prospect verification). */
import { z } from 'zod';
import type { AnyRoute } from './http';
import { countSchema, recordIdSchema, timestampSchema } from './fields';

/**
 * Verification status of an email address. `in_progress` and `greylist` are the unresolved
 * ones the client re-polls every 10 seconds (document 1 §4).
 */
export const EMAIL_VERIFICATION_STATUSES = [
  'not_verified',
  'in_progress',
  'greylist',
  'valid',
  'catch_all',
  'not_valid',
  'unknown',
] as const;
export type EmailVerificationStatus = (typeof EMAIL_VERIFICATION_STATUSES)[number];
export const emailVerificationStatusSchema = z.enum(EMAIL_VERIFICATION_STATUSES);

/** Statuses that are re-polled until they resolve (document 1 §4, document 2 §7.11). */
export const UNRESOLVED_VERIFICATION_STATUSES = ['in_progress', 'greylist'] as const satisfies readonly EmailVerificationStatus[];

export function isVerificationResolved(status: EmailVerificationStatus): boolean {
  return !(UNRESOLVED_VERIFICATION_STATUSES as readonly string[]).includes(status);
}

/** One verified address (single verification, last-verified lists). */
export const emailVerificationSchema = z.object({
  id: recordIdSchema,
  email: z.string().trim().max(254),
  status: emailVerificationStatusSchema,
  /** Human-readable status as the prospects table shows it. */
  statusVerifyText: z.string().max(100),
  isGreylisted: z.boolean(),
  verifiedAt: timestampSchema.nullable(),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

export const BULK_VERIFICATION_STATUSES = ['queued', 'in_progress', 'completed', 'stopped', 'failed'] as const;
export type BulkVerificationStatus = (typeof BULK_VERIFICATION_STATUSES)[number];

/** A bulk verification run over a list or an uploaded file. */
export const bulkVerificationSchema = z.object({
  id: recordIdSchema,
  name: z.string().max(255),
  status: z.enum(BULK_VERIFICATION_STATUSES),
  total: countSchema,
  processed: countSchema,
  valid: countSchema,
  notValid: countSchema,
  catchAll: countSchema,
  unknown: countSchema,
  createdAt: timestampSchema,
});
export type BulkVerification = z.infer<typeof bulkVerificationSchema>;

/** Verification calls of document 2 §7.4 (verify-one, last verified, balance, …); issue 4. */
export const verificationRoutes = {} as const satisfies Record<string, AnyRoute>;
