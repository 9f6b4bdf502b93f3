/**
 * Email accounts (issue 13): the mailboxes campaigns send through and the unibox reads, connected
 * by SMTP + IMAP (password or app password) or by Google / Microsoft OAuth (XOAUTH2). Document 1
 * §4 (teamwork status), document 2 §7.5 (`GET /email-account/list`, `GET /team/email-accounts`);
 * the other calls are not named by the specification and follow the connect-test-save shape of
 * the tools users know (Instantly, Smartlead, lemlist).
 *
 * Passwords and tokens go in (create, credentials, test-connection) and never come out: no
 * response schema below has a field for them.
 */
import * as z from './zod';
import { WEEK_DAYS } from './campaigns';
import { emailSchema, idParamsSchema, okResponseSchema } from './common';
import { MAIL_PROVIDER_PRESETS, MAIL_SECURITY_MODES, MAILBOX_DEFAULTS, type MailPresetId } from './constants';
import { errorKeySchema, type ErrorKey } from './errors';
import { countSchema, recordIdSchema, timeZoneNameSchema, timestampSchema } from './fields';
import { defineRoute, type AnyRoute } from './http';
import { accountKind, type TeamFacts } from './rules/permissions';
import { isHostName } from './verification';

// ------------------------------------------------------------------ vocabulary

/** How a mailbox signs in: `smtp` (passwords), `google` / `microsoft` (XOAUTH2), `sandbox` (offline OAuth stand-in, development only). */
export const MAIL_PROVIDERS = ['smtp', 'google', 'microsoft', 'sandbox'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

export const MAIL_OAUTH_PROVIDERS = ['google', 'microsoft'] as const;
export type MailOAuthProviderName = (typeof MAIL_OAUTH_PROVIDERS)[number];

/**
 * Where the provider sends the browser back after consent: the host's redirect handlers, which
 * forward the query to `/account/email-accounts` for the screen to call `oauthComplete`.
 */
export const MAIL_OAUTH_RETURN_PATHS = {
  google: '/gmail-auth',
  microsoft: '/microsoft/oauth/response',
} as const satisfies Record<MailOAuthProviderName, string>;

/**
 * What connecting through a provider uses on this server: the real provider, the offline sandbox
 * (its mailboxes come back with `provider: 'sandbox'` and must be shown as such), or nothing.
 */
export const MAIL_OAUTH_AVAILABILITY = ['provider', 'sandbox', 'off'] as const;
export type MailOAuthAvailability = (typeof MAIL_OAUTH_AVAILABILITY)[number];

/**
 * - `active`: sends and syncs.
 * - `paused`: by its owner; nothing is sent from it, queued mail waits.
 * - `error`: the server failed (see `statusReason`); retried by the engines.
 * - `reconnect`: the server refused the saved sign-in (password changed, OAuth revoked): only new
 *   credentials (`updateEmailAccountCredentials`, or OAuth again) make it active.
 */
export const EMAIL_ACCOUNT_STATUSES = ['active', 'paused', 'error', 'reconnect'] as const;
export type EmailAccountStatus = (typeof EMAIL_ACCOUNT_STATUSES)[number];
/** The statuses an owner sets by hand (pause / resume). */
export const SETTABLE_EMAIL_ACCOUNT_STATUSES = ['active', 'paused'] as const;

export const MAIL_SERVER_KINDS = ['smtp', 'imap'] as const;
export type MailServerKind = (typeof MAIL_SERVER_KINDS)[number];

/**
 * The steps of a connection test, in the order they run for each server: SMTP is dns → tcp →
 * tls → smtp_auth; IMAP is dns → tcp → tls → imap_login → imap_select. With `security: 'none'`
 * the tls step is absent.
 */
export const CONNECTION_STEPS = ['dns', 'tcp', 'tls', 'smtp_auth', 'imap_login', 'imap_select'] as const;
export type ConnectionStep = (typeof CONNECTION_STEPS)[number];

/**
 * Catalogue keys of the reasons a mailbox is in `error` or `reconnect` (`statusReason`). The
 * engines may write reasons of their own; an unknown one reads as `mail_server_error`.
 */
export const EMAIL_ACCOUNT_REASON_KEYS = {
  dns: 'mail_dns_failed',
  host_not_allowed: 'mail_host_not_allowed',
  tcp: 'mail_tcp_failed',
  tls: 'mail_tls_failed',
  timeout: 'mail_timeout',
  smtp_auth: 'mail_smtp_auth_failed',
  imap_login: 'mail_imap_login_failed',
  imap_select: 'mail_imap_select_failed',
  folder_missing: 'mail_imap_select_failed',
  credentials_unreadable: 'mail_credentials_unreadable',
  oauth_revoked: 'email_account_needs_reconnect',
  server_error: 'mail_server_error',
} as const satisfies Record<string, ErrorKey>;

/** The catalogue key a screen shows for a mailbox's `statusReason` (null when there is none). */
export function mailboxReasonErrorKey(reason: string | null | undefined): ErrorKey | null {
  if (!reason) return null;
  return (EMAIL_ACCOUNT_REASON_KEYS as Record<string, ErrorKey>)[reason] ?? 'mail_server_error';
}

/**
 * Who sees the team's shared mailboxes (`GET /team/email-accounts`): every member of a team and
 * its lead, whatever their records mode: sharing a mailbox is its owner offering it to the team's
 * campaigns (document 1 §4). A solo user has no team list.
 */
export function canSeeTeamEmailAccounts(team: TeamFacts): boolean {
  return accountKind(team) !== 'solo';
}

// ------------------------------------------------------------------ field shapes

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:]+(:(\d{1,3}\.){3}\d{1,3})?$/i;

/** A mail server as users type it: a host name, or an IPv4 / IPv6 address (without brackets). */
export function isMailHost(value: string): boolean {
  return isHostName(value) || IPV4.test(value) || (value.includes(':') && IPV6.test(value));
}

export function isTimeZoneName(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const portSchema = z.number().int().min(1).max(65_535);
const mailHostSchema = z.string().trim().toLowerCase().min(1).max(253).refine(isMailHost, { message: 'a host name or an IP address' });

/** A server's settings as the API answers them (never the password). */
export const mailServerSchema = z.object({
  host: z.string().max(253),
  port: portSchema,
  security: z.enum(MAIL_SECURITY_MODES),
  /** Sign-in name (usually the address itself). */
  user: z.string().max(254),
});
export type MailServer = z.infer<typeof mailServerSchema>;

const mailServerInputShape = {
  host: mailHostSchema,
  port: portSchema,
  security: z.enum(MAIL_SECURITY_MODES),
  /** Sign-in name; the mailbox address when left out. */
  user: z.string().trim().min(1).max(254).optional(),
};
/** Write-only: a password or app password is sent, stored encrypted, and never answered. */
const passwordSchema = z.string().min(1).max(1_024);

/** A server as typed in the connect form; the password may be left out where the call says so. */
export const mailServerInputSchema = z.object({ ...mailServerInputShape, password: passwordSchema.optional() }).strict();
export type MailServerInput = z.infer<typeof mailServerInputSchema>;
/** A server whose password is required (SMTP of a new mailbox). */
export const mailServerWithPasswordSchema = z.object({ ...mailServerInputShape, password: passwordSchema }).strict();

/** One open day of a sending window: minutes after local midnight, `from` < `to` ≤ 1440. */
export const sendingWindowDaySchema = z
  .object({
    day: z.enum(WEEK_DAYS),
    from: z.number().int().min(0).max(1_440),
    to: z.number().int().min(0).max(1_440),
  })
  .strict()
  .refine((day) => day.from < day.to, { message: 'from must be before to', path: ['to'] });

/**
 * When a mailbox may send, on the wall clock of an IANA time zone; a day missing from `days` is
 * closed. The same shape as the scheduler's `SendingWindow` (engines/mail/outbound/limits.ts).
 */
export const sendingWindowSchema = z
  .object({
    timeZone: timeZoneNameSchema.refine(isTimeZoneName, { message: 'an IANA time zone such as Europe/Berlin' }),
    days: z.array(sendingWindowDaySchema).max(7),
  })
  .strict()
  .refine((window) => new Set(window.days.map((day) => day.day)).size === window.days.length, { message: 'each day once', path: ['days'] });
export type SendingWindowSetting = z.infer<typeof sendingWindowSchema>;

/** A custom tracking domain: a bare host name (no scheme, port or path), e.g. track.example.com. */
export const trackingDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((value) => isHostName(value), { message: 'a domain name such as track.example.com' });

export const firstSyncDaysSchema = z.union(MAILBOX_DEFAULTS.firstSyncDaysOptions.map((days) => z.literal(days)));

const presetIds = MAIL_PROVIDER_PRESETS.map((preset) => preset.id) as [MailPresetId, ...MailPresetId[]];
export const mailPresetIdSchema = z.enum(presetIds);

/**
 * DKIM signing with a mailbox's own key: the sending engine signs as `d=<domain of the address>`,
 * `s=<selector>`, and receivers fetch the public key from the TXT record
 * `<selector>._domainkey.<domain>`. RSA only: the engine signs rsa-sha256 (nodemailer has no
 * Ed25519 signer), and receivers must refuse RSA keys under 1024 bits (RFC 8301 §3.2).
 */
export const DKIM_DEFAULTS = {
  selector: 'lf1',
  generatedKeyBits: 2048,
  minKeyBits: 1024,
  maxKeyBits: 4096,
} as const;

/** One DNS label of letters, digits and hyphens (not at either end), as every DNS host accepts it. */
export const DKIM_SELECTOR_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const dkimSelectorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(63)
  .refine((value) => DKIM_SELECTOR_PATTERN.test(value), { message: 'letters, digits and hyphens, such as lf1' });

/** A mailbox's DKIM key as the API shows it: never the private key. */
export const emailAccountDkimSchema = z.object({
  selector: z.string().max(63),
  /** The signing domain (d=): the domain of the mailbox address. */
  domain: z.string().max(253),
  /** The TXT record to publish: name `<selector>._domainkey.<domain>`, value `v=DKIM1; k=rsa; p=<public key>`. */
  record: z.object({ type: z.literal('TXT'), name: z.string().max(400), value: z.string().max(1_200) }),
  /** When the published record was last found carrying this public key; null: not verified. */
  verifiedAt: timestampSchema.nullable(),
});
export type EmailAccountDkim = z.infer<typeof emailAccountDkimSchema>;

// ------------------------------------------------------------------ entities

/** One of the caller's mailboxes as the list and the edit form show it. */
export const emailAccountSchema = z.object({
  id: recordIdSchema,
  email: z.string().max(254),
  senderName: z.string().max(200),
  provider: z.enum(MAIL_PROVIDERS),
  /** The preset the server settings came from (gmail, outlook, …); null for custom servers and OAuth. */
  preset: z.string().max(32).nullable(),
  status: z.enum(EMAIL_ACCOUNT_STATUSES),
  /** Why the status is error or reconnect (dns, tcp, tls, smtp_auth, imap_login, …): `mailboxReasonErrorKey` translates it. */
  statusReason: z.string().max(100).nullable(),
  statusChangedAt: timestampSchema.nullable(),
  /** Null for a sandbox mailbox, which has no server. */
  smtp: mailServerSchema.nullable(),
  imap: mailServerSchema.nullable(),
  dailyLimit: z.number().int().min(0),
  /** Campaign mail sent today (the day of the sending window's time zone, UTC without a window); warm-up mail not counted. */
  sentToday: countSchema,
  minGapSeconds: z.number().int().min(0),
  maxGapSeconds: z.number().int().min(0),
  /** First emails of a sequence per day; null for no separate limit. */
  firstEmailDailyLimit: z.number().int().min(0).nullable(),
  /** Null: any time of day. */
  sendingWindow: sendingWindowSchema.nullable(),
  /** Sanitised HTML (rendered in a sandboxed frame). */
  signatureHtml: z.string(),
  replyTo: z.string().max(254).nullable(),
  trackingDomain: z.string().max(253).nullable(),
  /** When the tracking domain's CNAME was last found pointing at this server; null: not verified. */
  trackingDomainVerifiedAt: timestampSchema.nullable(),
  /** The mailbox's own DKIM key (public part and DNS record); null: messages leave unsigned by it. */
  dkim: emailAccountDkimSchema.nullable(),
  /** Teamwork status (document 1 §4): offered to the team's campaigns. */
  sharedWithTeam: z.boolean(),
  /** Warm-up is on (the warm-up area shows its progress). */
  warmupEnabled: z.boolean(),
  firstSyncDays: z.number().int().min(1),
  lastSentAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type EmailAccount = z.infer<typeof emailAccountSchema>;

/** A teammate's (or the caller's own) mailbox shared with the team. */
export const teamEmailAccountSchema = z.object({
  id: recordIdSchema,
  email: z.string().max(254),
  senderName: z.string().max(200),
  provider: z.enum(MAIL_PROVIDERS),
  status: z.enum(EMAIL_ACCOUNT_STATUSES),
  statusReason: z.string().max(100).nullable(),
  dailyLimit: z.number().int().min(0),
  sentToday: countSchema,
  warmupEnabled: z.boolean(),
  owner: z.object({ id: recordIdSchema, name: z.string().max(200) }),
  isOwn: z.boolean(),
});
export type TeamEmailAccount = z.infer<typeof teamEmailAccountSchema>;

/** One step of a connection test. */
export const connectionStepResultSchema = z.object({
  server: z.enum(MAIL_SERVER_KINDS),
  step: z.enum(CONNECTION_STEPS),
  ok: z.boolean(),
  /** Why it failed, in the catalogue (mail_dns_failed, mail_tcp_failed, mail_tls_failed, mail_timeout, …). */
  errorKey: errorKeySchema.optional(),
  /** The server's own words (its reply line) or the network error, never a credential. */
  detail: z.string().max(500).optional(),
  /** How long the step took. */
  ms: countSchema,
});
export type ConnectionStepResult = z.infer<typeof connectionStepResultSchema>;

export const connectionTestResultSchema = z.object({
  ok: z.boolean(),
  /** The first step that failed (SMTP's before IMAP's), null when every step passed. */
  failed: connectionStepResultSchema.nullable(),
  /** Every step tried; each server's steps stop at its first failure. */
  steps: z.array(connectionStepResultSchema),
});
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

// ------------------------------------------------------------------ requests and responses

const settingsShape = {
  senderName: z.string().trim().max(200),
  dailyLimit: z.number().int().min(1).max(MAILBOX_DEFAULTS.dailyLimitMax),
  minGapSeconds: z.number().int().min(0).max(MAILBOX_DEFAULTS.gapSecondsMax),
  maxGapSeconds: z.number().int().min(0).max(MAILBOX_DEFAULTS.gapSecondsMax),
  firstEmailDailyLimit: z.number().int().min(0).max(MAILBOX_DEFAULTS.dailyLimitMax).nullable(),
  sendingWindow: sendingWindowSchema.nullable(),
  /** Rich text; sanitised by the server before it is stored. */
  signatureHtml: z.string().max(20_000),
  replyTo: emailSchema.nullable(),
  /** Changing it clears the verification until the next check. */
  trackingDomain: trackingDomainSchema.nullable(),
  firstSyncDays: firstSyncDaysSchema,
};

const gapInOrder = (body: { minGapSeconds?: number | undefined; maxGapSeconds?: number | undefined }) =>
  body.minGapSeconds === undefined || body.maxGapSeconds === undefined || body.minGapSeconds <= body.maxGapSeconds;
const gapMessage = { message: 'minGapSeconds must not exceed maxGapSeconds', path: ['maxGapSeconds'] };

/** Settings of a mailbox (PATCH: only the fields sent change). */
export const emailAccountSettingsBodySchema = z.object(settingsShape).partial().strict().refine(gapInOrder, gapMessage);
export type EmailAccountSettings = z.infer<typeof emailAccountSettingsBodySchema>;

/**
 * Connects a mailbox by SMTP + IMAP. The server tests both connections first (as `testConnection`)
 * and refuses with the first failing step's key (`field` names the server and the input, e.g.
 * `smtp.password`). The IMAP password defaults to the SMTP one, each sign-in name to the address.
 */
export const createEmailAccountBodySchema = z
  .object({
    email: emailSchema,
    preset: mailPresetIdSchema.nullable().optional(),
    smtp: mailServerWithPasswordSchema,
    imap: mailServerInputSchema,
    ...z.object(settingsShape).partial().shape,
  })
  .strict()
  .refine(gapInOrder, gapMessage);
export type CreateEmailAccountBody = z.infer<typeof createEmailAccountBodySchema>;

/** New server settings and passwords of an SMTP mailbox (reconnect); tested before they are saved. */
export const emailAccountCredentialsBodySchema = z
  .object({
    preset: mailPresetIdSchema.nullable().optional(),
    smtp: mailServerWithPasswordSchema,
    imap: mailServerInputSchema,
  })
  .strict();

/**
 * Tries the settings without saving anything. With `emailAccountId`, what is left out comes from
 * that saved mailbox (servers, or just the passwords), so an existing mailbox can be re-tested.
 */
export const testConnectionBodySchema = z
  .object({
    emailAccountId: recordIdSchema.optional(),
    /** The address: the default sign-in name. */
    email: emailSchema.optional(),
    smtp: mailServerInputSchema.optional(),
    imap: mailServerInputSchema.optional(),
  })
  .strict()
  .refine((body) => body.emailAccountId !== undefined || (body.smtp !== undefined && body.imap !== undefined), {
    message: 'smtp and imap, or emailAccountId',
    path: ['smtp'],
  });

export const emailAccountListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    perPage: z.coerce.number().int().min(1).max(500).default(MAILBOX_DEFAULTS.listPerPage),
    /** Part of the address or the sender name. */
    search: z.string().trim().max(254).optional(),
    status: z.enum(EMAIL_ACCOUNT_STATUSES).optional(),
  })
  .strict();
export const emailAccountListResponseSchema = z.object({
  items: z.array(emailAccountSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
  /** The highest daily limit the caller's plan allows one mailbox (mailboxDailyMax). */
  dailyLimitMax: z.number().int().min(1),
});

export const emailAccountResponseSchema = z.object({ account: emailAccountSchema });

export const emailAccountStatusBodySchema = z.object({ status: z.enum(SETTABLE_EMAIL_ACCOUNT_STATUSES) }).strict();
export const emailAccountTeamworkBodySchema = z.object({ shared: z.boolean() }).strict();

/** What deleting would affect, for the confirmation dialog. */
export const emailAccountUsageResponseSchema = z.object({
  /** Messages waiting to leave from this mailbox (queued or waiting for a retry): deleting cancels them. */
  queuedMessages: countSchema,
  /** Campaigns those messages belong to. */
  campaigns: countSchema,
  sentToday: countSchema,
  dailyLimit: z.number().int().min(0),
});

export const deleteEmailAccountResponseSchema = okResponseSchema.extend({
  /** Queued messages that were cancelled (marked failed with the reason mailbox_deleted). */
  cancelledMessages: countSchema,
});

export const teamEmailAccountsResponseSchema = z.object({ items: z.array(teamEmailAccountSchema) });

export const trackingDomainCheckResponseSchema = z.object({
  domain: z.string().max(253),
  /** The host the domain's CNAME record must point at (this server's public host). */
  target: z.string().max(253),
  verified: z.boolean(),
  verifiedAt: timestampSchema.nullable(),
  /** The CNAME targets found (empty: none). */
  found: z.array(z.string().max(253)),
  /** Why it is not verified: tracking_domain_cname_missing, tracking_domain_cname_mismatch or mail_dns_failed. */
  errorKey: errorKeySchema.nullable(),
});

export const mailOAuthOptionsResponseSchema = z.object({
  google: z.enum(MAIL_OAUTH_AVAILABILITY),
  microsoft: z.enum(MAIL_OAUTH_AVAILABILITY),
});

export const mailOAuthProviderParamsSchema = z.object({ provider: z.enum(MAIL_OAUTH_PROVIDERS) }).strict();

/** What the provider sent back to the host's redirect handler, passed on by the screen. */
export const mailOAuthCompleteBodySchema = z
  .object({
    provider: z.enum(MAIL_OAUTH_PROVIDERS),
    code: z.string().min(1).max(4_000),
    state: z.string().min(1).max(1_000),
  })
  .strict();
export const mailOAuthCompleteResponseSchema = z.object({
  account: emailAccountSchema,
  /** false: the address was already connected and got the new sign-in (reconnect). */
  created: z.boolean(),
});

export const mailOAuthSandboxQuerySchema = z.object({ state: z.string().min(1).max(1_000) }).strict();
export const mailOAuthSandboxApproveQuerySchema = z
  .object({
    state: z.string().min(1).max(1_000),
    email: emailSchema,
    name: z.string().trim().max(200).default(''),
  })
  .strict();

/**
 * Sets the mailbox's DKIM key: the given PEM private key (RSA, 1024–4096 bits; write-only, stored
 * encrypted, never answered), or without one a new RSA-2048 pair generated by the server. A new
 * key is unverified until its DNS record is checked.
 */
export const emailAccountDkimBodySchema = z
  .object({
    selector: dkimSelectorSchema.default(DKIM_DEFAULTS.selector),
    privateKey: z.string().trim().min(1).max(16_000).optional(),
  })
  .strict();
export type EmailAccountDkimBody = z.input<typeof emailAccountDkimBodySchema>;

export const emailAccountDkimCheckResponseSchema = z.object({
  dkim: emailAccountDkimSchema,
  verified: z.boolean(),
  /** The TXT records found at the record's name (empty: none). */
  found: z.array(z.string().max(4_000)).max(20),
  /** Why it is not verified: dkim_record_missing, dkim_record_mismatch or mail_dns_failed. */
  errorKey: errorKeySchema.nullable(),
});
export type EmailAccountDkimCheck = z.infer<typeof emailAccountDkimCheckResponseSchema>;

// ------------------------------------------------------------------ routes

/** What connecting or reconnecting a mailbox can fail on: the step of the connection test that failed. */
const MAIL_CONNECTION_ERRORS = [
      'mail_dns_failed',
      'mail_host_not_allowed',
      'mail_tcp_failed',
      'mail_tls_failed',
      'mail_timeout',
      'mail_smtp_auth_failed',
      'mail_imap_login_failed',
      'mail_imap_select_failed',
      'mail_server_error',
] as const satisfies readonly ErrorKey[];

export const emailAccountsRouteDeclarations = {
  listEmailAccounts: defineRoute({
    id: 'emailAccounts.list',
    method: 'GET',
    path: '/email-account/list',
    query: emailAccountListQuerySchema,
    response: emailAccountListResponseSchema,
    summary: 'The caller’s email accounts with status, limits, sent today, window, signature, tracking domain and teamwork status (document 2 §7.5)',
  }),
  getEmailAccount: defineRoute({
    id: 'emailAccounts.get',
    method: 'GET',
    path: '/email-account/:id',
    params: idParamsSchema,
    response: emailAccountResponseSchema,
    summary: 'One of the caller’s email accounts',
  }),
  createEmailAccount: defineRoute({
    id: 'emailAccounts.create',
    method: 'POST',
    path: '/email-account/create',
    body: createEmailAccountBodySchema,
    response: emailAccountResponseSchema,
    errors: ['email_account_exists', 'mailbox_daily_limit_plan', ...MAIL_CONNECTION_ERRORS],
    summary: 'Connects a mailbox by SMTP + IMAP after testing both; the password is stored encrypted and never answered',
  }),
  testEmailAccountConnection: defineRoute({
    id: 'emailAccounts.testConnection',
    method: 'POST',
    path: '/email-account/test-connection',
    body: testConnectionBodySchema,
    response: connectionTestResultSchema,
    errors: ['mail_credentials_unreadable', 'email_account_needs_reconnect'],
    summary: 'Tries SMTP and IMAP step by step (dns, tcp, tls, smtp_auth, imap_login, imap_select) and names the first failing step',
  }),
  updateEmailAccount: defineRoute({
    id: 'emailAccounts.update',
    method: 'PATCH',
    path: '/email-account/:id',
    params: idParamsSchema,
    body: emailAccountSettingsBodySchema,
    response: emailAccountResponseSchema,
    errors: ['tracking_domain_invalid', 'mailbox_daily_limit_plan'],
    summary: 'Changes a mailbox’s sender name, limits, gap, sending window, signature, reply-to, tracking domain or first sync period',
  }),
  updateEmailAccountCredentials: defineRoute({
    id: 'emailAccounts.updateCredentials',
    method: 'PUT',
    path: '/email-account/:id/credentials',
    params: idParamsSchema,
    body: emailAccountCredentialsBodySchema,
    response: emailAccountResponseSchema,
    errors: [...MAIL_CONNECTION_ERRORS],
    summary: 'Reconnects an SMTP mailbox with new server settings or passwords (tested first); the mailbox becomes active',
  }),
  setEmailAccountStatus: defineRoute({
    id: 'emailAccounts.setStatus',
    method: 'PUT',
    path: '/email-account/:id/status',
    params: idParamsSchema,
    body: emailAccountStatusBodySchema,
    response: emailAccountResponseSchema,
    errors: ['email_account_needs_reconnect'],
    summary: 'Pauses or resumes a mailbox (a mailbox that needs reconnecting resumes only through new credentials)',
  }),
  setEmailAccountTeamwork: defineRoute({
    id: 'emailAccounts.setTeamwork',
    method: 'PUT',
    path: '/email-account/:id/teamwork',
    params: idParamsSchema,
    body: emailAccountTeamworkBodySchema,
    response: emailAccountResponseSchema,
    summary: 'Shares a mailbox with the team’s campaigns or takes it back (teamwork status, document 1 §4)',
  }),
  emailAccountUsage: defineRoute({
    id: 'emailAccounts.usage',
    method: 'GET',
    path: '/email-account/:id/usage',
    params: idParamsSchema,
    response: emailAccountUsageResponseSchema,
    summary: 'Queued messages and their campaigns, for the delete confirmation',
  }),
  deleteEmailAccount: defineRoute({
    id: 'emailAccounts.delete',
    method: 'DELETE',
    path: '/email-account/:id',
    params: idParamsSchema,
    response: deleteEmailAccountResponseSchema,
    summary: 'Deletes a mailbox: its queued messages fail with mailbox_deleted, and it leaves the team list',
  }),
  checkTrackingDomain: defineRoute({
    id: 'emailAccounts.checkTrackingDomain',
    method: 'POST',
    path: '/email-account/:id/tracking-domain/check',
    params: idParamsSchema,
    response: trackingDomainCheckResponseSchema,
    errors: ['tracking_domain_missing'],
    summary: 'Looks up the tracking domain’s CNAME and records it verified when it points at this server’s public host',
  }),
  setEmailAccountDkim: defineRoute({
    id: 'emailAccounts.setDkim',
    method: 'PUT',
    path: '/email-account/:id/dkim',
    params: idParamsSchema,
    body: emailAccountDkimBodySchema,
    response: emailAccountResponseSchema,
    errors: ['dkim_key_invalid'],
    summary: 'Signs the mailbox’s mail with its own DKIM key: a pasted RSA private key, or a new pair generated here; answers the DNS record to publish',
  }),
  deleteEmailAccountDkim: defineRoute({
    id: 'emailAccounts.deleteDkim',
    method: 'DELETE',
    path: '/email-account/:id/dkim',
    params: idParamsSchema,
    response: emailAccountResponseSchema,
    summary: 'Removes the mailbox’s DKIM key: its mail leaves without that signature',
  }),
  checkEmailAccountDkim: defineRoute({
    id: 'emailAccounts.checkDkim',
    method: 'POST',
    path: '/email-account/:id/dkim/check',
    params: idParamsSchema,
    response: emailAccountDkimCheckResponseSchema,
    errors: ['dkim_key_missing', 'conflict'],
    summary: 'Looks up the DKIM TXT record and records the key verified when the published public key is the mailbox’s',
  }),
  teamEmailAccounts: defineRoute({
    id: 'emailAccounts.team',
    method: 'GET',
    path: '/team/email-accounts',
    response: teamEmailAccountsResponseSchema,
    summary: 'The mailboxes the caller’s team shares, with their owners (document 2 §7.5); empty for a solo user',
  }),
  emailAccountOAuthOptions: defineRoute({
    id: 'emailAccounts.oauthOptions',
    method: 'GET',
    path: '/email-account/oauth/providers',
    response: mailOAuthOptionsResponseSchema,
    summary: 'Whether Google and Microsoft mailboxes can be connected here, and whether through the offline sandbox',
  }),
  emailAccountOAuthStart: defineRoute({
    id: 'emailAccounts.oauthStart',
    method: 'GET',
    path: '/email-account/oauth/:provider/start',
    params: mailOAuthProviderParamsSchema,
    response: z.unknown(),
    responseKind: 'redirect',
    errors: ['mail_oauth_unavailable'],
    summary: 'Redirects to the provider’s consent page (or the sandbox’s) with a state signed for the caller’s session',
  }),
  emailAccountOAuthComplete: defineRoute({
    id: 'emailAccounts.oauthComplete',
    method: 'POST',
    path: '/email-account/oauth/complete',
    body: mailOAuthCompleteBodySchema,
    response: mailOAuthCompleteResponseSchema,
    errors: ['mail_oauth_unavailable', 'mail_oauth_failed'],
    summary: 'Exchanges the provider’s code (from the host’s redirect handler) and connects the mailbox, or reconnects it',
  }),
  emailAccountOAuthSandbox: defineRoute({
    id: 'emailAccounts.oauthSandbox',
    method: 'GET',
    path: '/email-account/oauth-sandbox/:provider',
    params: mailOAuthProviderParamsSchema,
    query: mailOAuthSandboxQuerySchema,
    response: z.unknown(),
    responseKind: 'file',
    errors: ['mail_oauth_unavailable'],
    summary: 'The offline OAuth sandbox’s consent page (development only, labelled as such)',
  }),
  emailAccountOAuthSandboxApprove: defineRoute({
    id: 'emailAccounts.oauthSandboxApprove',
    method: 'GET',
    path: '/email-account/oauth-sandbox/:provider/approve',
    params: mailOAuthProviderParamsSchema,
    query: mailOAuthSandboxApproveQuerySchema,
    response: z.unknown(),
    responseKind: 'redirect',
    errors: ['mail_oauth_unavailable', 'mail_oauth_failed'],
    summary: 'The sandbox consent’s answer: back to the host’s redirect handler with a code for the typed address',
  }),
} as const;

/** The email-accounts area's calls (issue 13), answered by api/src/modules/email-accounts. */
export const emailAccountsRoutes = emailAccountsRouteDeclarations satisfies Record<string, AnyRoute>;
