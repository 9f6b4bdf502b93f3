/** Email verification entities (document 1 §1 "Email finder and verifier", §4 prospect verification). */
import * as z from './zod';
import { defineRoute, type AnyRoute } from './http';
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

/** `paused` is resumable; `stopped` (cancelled by the user) is final. */
export const BULK_VERIFICATION_STATUSES = ['queued', 'in_progress', 'paused', 'completed', 'stopped', 'failed'] as const;
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
  /** Addresses still waiting for a greylisting retry (counted in processed once resolved). */
  greylist: countSchema,
  /** Rows dropped before verification: duplicates inside the job and syntax failures. */
  skipped: countSchema,
  /** Credits the job took (one per distinct, syntactically valid address). */
  charged: countSchema,
  completedAt: timestampSchema.nullable(),
});
export type BulkVerification = z.infer<typeof bulkVerificationSchema>;

// ------------------------------------------------------------------ verification details

/** Why a verification came out as it did (several may apply). */
export const VERIFICATION_REASONS = [
  'syntax',
  'disposable',
  'role',
  'free',
  'domain_missing',
  'mx_missing',
  'null_mx',
  'mailbox_not_found',
  'mailbox_full',
  'disabled',
  'policy_block',
  'greylisted',
  'catch_all',
  'timeout',
  /** DNS could not answer (SERVFAIL, timeout, or a resolver that fails even for a well-known name). */
  'dns_lookup_failed',
  /** An internationalised (RFC 6531) address whose mail server does not announce SMTPUTF8. */
  'smtputf8_unsupported',
  'connection_failed',
  'connection_dropped',
  'smtp_error',
  'accepted',
] as const;
export type VerificationReason = (typeof VERIFICATION_REASONS)[number];

export const VERIFICATION_RISKS = ['low', 'medium', 'high'] as const;
export type VerificationRisk = (typeof VERIFICATION_RISKS)[number];

export const verificationFlagsSchema = z.object({
  disposable: z.boolean(),
  role: z.boolean(),
  free: z.boolean(),
  catchAll: z.boolean(),
});

/**
 * The full answer of a verification: the list entity plus what the engine found (Reacher-style
 * detail). smtpCode/enhancedCode are the mailbox server's answer to RCPT TO, when one was reached.
 */
export const emailVerificationDetailSchema = emailVerificationSchema.extend({
  reasons: z.array(z.enum(VERIFICATION_REASONS)),
  smtpCode: z.number().int().min(100).max(599).nullable(),
  enhancedCode: z.string().max(16).nullable(),
  /** The mail exchanger that answered (or was tried). */
  mxHost: z.string().max(255).nullable(),
  flags: verificationFlagsSchema,
  risk: z.enum(VERIFICATION_RISKS),
  /** "Did you mean …" for a likely typo of a common domain. */
  suggestion: z.string().max(254).nullable(),
  /** Whether this answer cost a credit. */
  charged: z.boolean(),
});
export type EmailVerificationDetail = z.infer<typeof emailVerificationDetailSchema>;

// ------------------------------------------------------------------ address shape

/**
 * RFC 6531 §3.3 extends atext with non-ASCII characters; letters, marks and digits are what real
 * internationalised mailboxes use (jöran@, 用户@), so symbols and controls stay out.
 */
const LOCAL_CHAR = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\p{L}\\p{M}\\p{Nd}]";
const LOCAL_PART = new RegExp(`^${LOCAL_CHAR}+(\\.${LOCAL_CHAR}+)*$`, 'u');
/** A host-name label in any script: letters, marks, digits and inner hyphens (no ©, ®, ™ or punctuation). */
const HOST_LABEL = /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?$/u;
/** A top-level domain is letters (or an ASCII punycode label), never digits (an IP) or symbols. */
const TOP_LEVEL = /^(?:[\p{L}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/** Whether a domain as typed (Unicode or ASCII) is a host name; checked before any punycode conversion. */
export function isHostName(domain: string): boolean {
  const labels = domain.replace(/\.$/, '').split('.');
  if (labels.length < 2 || !labels.every((label) => HOST_LABEL.test(label))) return false;
  return TOP_LEVEL.test(labels[labels.length - 1]!);
}

/**
 * The address shape the verification engine accepts (dot-atom local part, UTF-8 allowed, host-name
 * domain). The engine adds the octet limits of the punycode form; screens use this to list
 * bad-syntax rows before anything is sent.
 */
export function hasEmailAddressShape(input: string): boolean {
  const raw = input.trim().normalize('NFC');
  const at = raw.lastIndexOf('@');
  if (at <= 0 || at === raw.length - 1 || raw.length > 254) return false;
  return LOCAL_PART.test(raw.slice(0, at)) && isHostName(raw.slice(at + 1));
}

/** Address as typed by the user: syntax is judged by the engine (a syntax failure is a result, free of charge). */
const rawEmailSchema = z.string().trim().min(1).max(254);
/** Most addresses one bulk job or one calculation takes. */
export const BULK_VERIFICATION_MAX_EMAILS = 10_000;
/** Most addresses one status re-poll asks about. */
export const EMAILS_STATUS_MAX = 500;
/** Rows of a bulk job's results page. */
export const BULK_VERIFICATION_RESULTS_PAGE = 50;
/** Bulk jobs per page of the job list. */
export const BULK_VERIFICATION_LIST_PAGE = 20;
/** Entries of the last-verified history. */
export const LAST_VERIFIED_PAGE = 20;

// ------------------------------------------------------------------ requests and responses

export const verifyOneBodySchema = z.object({ email: rawEmailSchema }).strict();

export const verifyAddToListBodySchema = z
  .object({
    /** Verification record ids (from verify-one or the last-verified lists). */
    ids: z.array(recordIdSchema).min(1).max(EMAILS_STATUS_MAX),
    /** An existing prospect list of the caller, or the name of a new one. */
    listId: recordIdSchema.optional(),
    listName: z.string().trim().min(1).max(251).optional(),
  })
  .strict()
  .refine((body) => (body.listId === undefined) !== (body.listName === undefined), {
    message: 'exactly one of listId or listName',
    path: ['listId'],
  });
export const verifyAddToListResponseSchema = z.object({ listId: recordIdSchema, added: countSchema, duplicates: countSchema });

export const lastVerifiedBodySchema = z
  .object({
    page: z.number().int().min(1).max(1_000_000).default(1),
    perPage: z.number().int().min(1).max(100).default(LAST_VERIFIED_PAGE),
    status: emailVerificationStatusSchema.optional(),
  })
  .strict();
export const lastVerifiedResponseSchema = z.object({
  items: z.array(emailVerificationDetailSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});

export const lastSingleVerifiedResponseSchema = z.object({ item: emailVerificationDetailSchema.nullable() });

export const emailsStatusBodySchema = z
  .object({
    emails: z.array(rawEmailSchema).max(EMAILS_STATUS_MAX).default([]),
    ids: z.array(recordIdSchema).max(EMAILS_STATUS_MAX).default([]),
  })
  .strict();
/** Only addresses this account verified are answered; unknown ones are left out. */
export const emailsStatusResponseSchema = z.object({
  items: z.array(emailVerificationDetailSchema),
  /** Whether any answered item is still unresolved (the client keeps re-polling every 10 s). */
  pending: z.boolean(),
});

export const calculateEmailsBodySchema = z
  .object({ emails: z.array(rawEmailSchema).max(BULK_VERIFICATION_MAX_EMAILS) })
  .strict();
export const calculateEmailsResponseSchema = z.object({
  total: countSchema,
  duplicates: countSchema,
  syntaxInvalid: countSchema,
  /** Already verified by this account and still fresh: answered from the cache, free. */
  alreadyVerified: countSchema,
  /** Credits the verification would take. */
  toVerify: countSchema,
  balance: z.number().int(),
  enough: z.boolean(),
});

export const checkBalanceBodySchema = z.object({ minBalance: z.number().int().min(0).max(1_000_000_000) }).strict();
export const checkBalanceResponseSchema = z.object({ balance: z.number().int(), enough: z.boolean() });

export const createBulkVerificationBodySchema = z
  .object({
    name: z.string().trim().min(1).max(255),
    /** Pasted addresses or the first column of an uploaded CSV (parsed by the client or sent as csv). */
    emails: z.array(z.string().max(1_000)).max(BULK_VERIFICATION_MAX_EMAILS).optional(),
    /** Raw CSV text of an upload; the column named email (or the first one holding addresses) is used. */
    csv: z.string().max(2_000_000).optional(),
  })
  .strict()
  .refine((body) => body.emails !== undefined || body.csv !== undefined, { message: 'emails or csv', path: ['emails'] });
export const createBulkVerificationResponseSchema = z.object({
  job: bulkVerificationSchema,
  /** Rows that were not addresses, shown per row by the upload screen (1-based row numbers). */
  rejectedRows: z.array(z.object({ row: z.number().int().min(1), value: z.string().max(1_000), reason: z.enum(['syntax', 'duplicate']) })),
});

export const bulkVerificationListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    perPage: z.coerce.number().int().min(1).max(100).default(BULK_VERIFICATION_LIST_PAGE),
  })
  .strict();
export const bulkVerificationListResponseSchema = z.object({
  items: z.array(bulkVerificationSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});

export const bulkVerificationParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict();
export const bulkVerificationResultsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    perPage: z.coerce.number().int().min(1).max(500).default(BULK_VERIFICATION_RESULTS_PAGE),
    status: emailVerificationStatusSchema.optional(),
  })
  .strict();
export const bulkVerificationRowSchema = z.object({
  row: z.number().int().min(1),
  email: z.string().max(254),
  status: emailVerificationStatusSchema,
  reasons: z.array(z.enum(VERIFICATION_REASONS)),
  smtpCode: z.number().int().nullable(),
  enhancedCode: z.string().max(16).nullable(),
  flags: verificationFlagsSchema,
  risk: z.enum(VERIFICATION_RISKS).nullable(),
  suggestion: z.string().max(254).nullable(),
});
export type BulkVerificationRow = z.infer<typeof bulkVerificationRowSchema>;
export const bulkVerificationResultsResponseSchema = z.object({
  job: bulkVerificationSchema,
  items: z.array(bulkVerificationRowSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});
export const bulkVerificationJobResponseSchema = z.object({ job: bulkVerificationSchema });

// ------------------------------------------------------------------ routes

/** Document 2 §7.4 "Verification" and the calls of the /bulk-email-verification screen (issue 4). */
export const verificationRouteDeclarations = {
  verifyOne: defineRoute({
    id: 'verification.verifyOne',
    method: 'POST',
    path: '/prospects/verify-one',
    body: verifyOneBodySchema,
    response: emailVerificationDetailSchema,
    errors: ['billing_source'],
    summary: 'Verifies one address now (one credit unless answered from the cache or a syntax failure)',
  }),
  verifyAddToList: defineRoute({
    id: 'verification.addToList',
    method: 'POST',
    path: '/verify/add-to-list',
    body: verifyAddToListBodySchema,
    response: verifyAddToListResponseSchema,
    errors: ['list_not_found'],
    summary: 'Saves verified addresses as prospects into a list (existing by id or new by name)',
  }),
  lastSingleVerified: defineRoute({
    id: 'verification.lastSingleVerified',
    method: 'POST',
    path: '/verify/last-single-verified',
    response: lastSingleVerifiedResponseSchema,
    summary: 'The most recent single verification of the caller',
  }),
  lastVerified: defineRoute({
    id: 'verification.lastVerified',
    method: 'POST',
    path: '/verify/last-verified',
    body: lastVerifiedBodySchema,
    response: lastVerifiedResponseSchema,
    summary: 'History of verified addresses, newest first',
  }),
  getEmailsStatus: defineRoute({
    id: 'verification.getEmailsStatus',
    method: 'POST',
    path: '/verify/getEmailsStatus',
    body: emailsStatusBodySchema,
    response: emailsStatusResponseSchema,
    summary: 'Current status of addresses (by address or verification id), re-polled every 10 s while unresolved',
  }),
  calculateEmailsForVerify: defineRoute({
    id: 'verification.calculateEmailsForVerify',
    method: 'POST',
    path: '/calculate-emails-for-verify',
    body: calculateEmailsBodySchema,
    response: calculateEmailsResponseSchema,
    summary: 'Credits a verification of these addresses would take (duplicates, syntax failures and fresh results are free)',
  }),
  checkBalance: defineRoute({
    id: 'verification.checkBalance',
    method: 'POST',
    path: '/user-balance/check-balance',
    body: checkBalanceBodySchema,
    response: checkBalanceResponseSchema,
    summary: 'Whether the credit balance covers minBalance',
  }),
  createBulkVerification: defineRoute({
    id: 'verification.createBulk',
    method: 'POST',
    path: '/verify/bulk-jobs',
    body: createBulkVerificationBodySchema,
    response: createBulkVerificationResponseSchema,
    errors: ['billing_source'],
    summary: 'Starts a durable bulk verification of pasted or uploaded addresses (progress pushed as job.progress)',
  }),
  listBulkVerifications: defineRoute({
    id: 'verification.listBulk',
    method: 'GET',
    path: '/verify/bulk-jobs',
    query: bulkVerificationListQuerySchema,
    response: bulkVerificationListResponseSchema,
    summary: 'Bulk verification jobs of the caller, newest first',
  }),
  getBulkVerification: defineRoute({
    id: 'verification.getBulk',
    method: 'GET',
    path: '/verify/bulk-jobs/:id',
    params: bulkVerificationParamsSchema,
    response: bulkVerificationJobResponseSchema,
    summary: 'One bulk verification job with its counters',
  }),
  bulkVerificationResults: defineRoute({
    id: 'verification.bulkResults',
    method: 'GET',
    path: '/verify/bulk-jobs/:id/results',
    params: bulkVerificationParamsSchema,
    query: bulkVerificationResultsQuerySchema,
    response: bulkVerificationResultsResponseSchema,
    summary: 'A page of a bulk job\'s rows with their results',
  }),
  downloadBulkVerification: defineRoute({
    id: 'verification.downloadBulk',
    method: 'GET',
    path: '/verify/bulk-jobs/:id/download',
    params: bulkVerificationParamsSchema,
    response: z.unknown(),
    responseKind: 'file',
    summary: 'CSV of a bulk job\'s rows and results',
  }),
  pauseBulkVerification: defineRoute({
    id: 'verification.pauseBulk',
    method: 'POST',
    path: '/verify/bulk-jobs/:id/pause',
    params: bulkVerificationParamsSchema,
    response: bulkVerificationJobResponseSchema,
    errors: ['conflict'],
    summary: 'Pauses a running bulk job after the addresses in flight',
  }),
  resumeBulkVerification: defineRoute({
    id: 'verification.resumeBulk',
    method: 'POST',
    path: '/verify/bulk-jobs/:id/resume',
    params: bulkVerificationParamsSchema,
    response: bulkVerificationJobResponseSchema,
    errors: ['conflict', 'billing_source'],
    summary: 'Resumes a paused bulk job',
  }),
  cancelBulkVerification: defineRoute({
    id: 'verification.cancelBulk',
    method: 'POST',
    path: '/verify/bulk-jobs/:id/cancel',
    params: bulkVerificationParamsSchema,
    response: bulkVerificationJobResponseSchema,
    errors: ['conflict'],
    summary: 'Stops a bulk job for good (rows verified so far stay)',
  }),
} as const;

/** Verification calls of document 2 §7.4 (verify-one, last verified, balance, …); issue 4. */
export const verificationRoutes = verificationRouteDeclarations satisfies Record<string, AnyRoute>;
