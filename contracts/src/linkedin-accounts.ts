/**
 * Professional-network (LinkedIn) accounts (issue 14): slots and the accounts connected to them,
 * the connection steps (verification and two-factor codes), proxies, time zone and working hours,
 * per-action daily limits, warm-up, team slots and slot requests, and the actions the runner
 * performs (document 1 §3 "Social-network accounts and tasks", §4, §6; document 2 §7.6
 * "linkedin-accounts: all, team, requests, assign, retract, pending, warm-up, proxies, timezone,
 * verification codes", "li-touch/inline-message"; §9 connectLimit 100).
 *
 * Vocabulary shared with other areas (states, two-factor methods, task statuses) is in social.ts.
 */
import * as z from './zod';
import { LINKEDIN_ACTION_TYPES, WEEK_DAYS, linkedinActionTypeSchema, type LinkedinActionType } from './campaigns';
import { idParamsSchema, isoDateTimeSchema } from './common';
import { LINKEDIN_PENDING_CONNECT_LIMIT_DEFAULT } from './constants';
import { isTimeZoneName } from './email-accounts';
import type { ErrorKey } from './errors';
import { countSchema, recordIdSchema, timeZoneNameSchema, webUrlSchema } from './fields';
import { socialNetworkProviderSchema } from './finder';
import { defineRoute } from './http';
import { LINKEDIN_ACTION_LIMITS } from './rules/flowchart';
import { CONNECT_LIMIT_MAX, SLOT_REQUEST_STATUSES, TWO_FACTOR_METHODS, socialAccountStateSchema } from './social';

// ------------------------------------------------------------------ limits and hours

/**
 * Daily limits per action: what a new account starts with and the most it may be set to. The
 * maxima stay under what the network tolerates from one member before it restricts the account
 * (about 100 invitations a week, a few hundred profile views a day for a premium member); a
 * warm-up account ramps up to the defaults over LINKEDIN_WARMUP.days.
 */
export const LINKEDIN_DAILY_LIMITS: Readonly<Record<LinkedinActionType, { readonly default: number; readonly max: number }>> = {
  visit: { default: 80, max: 250 },
  like: { default: 30, max: 100 },
  follow: { default: 30, max: 100 },
  invite: { default: 20, max: 40 },
  message: { default: 50, max: 150 },
  in_mail: { default: 10, max: 30 },
};

export const LINKEDIN_ACCOUNT_DEFAULTS = {
  /** Pending invitations allowed at once (document 2 §9). */
  connectLimit: LINKEDIN_PENDING_CONNECT_LIMIT_DEFAULT,
  /** Working hours on the account's own clock: Monday to Friday, 9:00–18:00 (minutes of the day). */
  workingDays: ['mon', 'tue', 'wed', 'thu', 'fri'] as const,
  workingFrom: 9 * 60,
  workingTo: 18 * 60,
  /** Random pause between two actions of one account, in seconds (a person clicking, not a script). */
  minGapSeconds: 90,
  maxGapSeconds: 300,
  listPerPage: 50,
} as const;

/** Warm-up: a slow ramp of harmless actions (visits, likes, follows) for a new account. */
export const LINKEDIN_WARMUP = {
  /** Days over which the daily limits rise from `startShare` of the defaults to the defaults. */
  days: 14,
  startShare: 0.2,
  /** Harmless actions a warming account performs a day of its own accord. */
  dailyActions: 12,
} as const;

/**
 * Limits as a body carries them. The safe maxima are checked by the service, which refuses with
 * `linkedin_limit_above_safe` on the action's field (a clearer message than a bare range error).
 */
const limitSchema = z.number().int().min(0).max(100_000);
export const linkedinActionLimitsSchema = z
  .object(
    Object.fromEntries(LINKEDIN_ACTION_TYPES.map((action) => [action, limitSchema])) as Record<LinkedinActionType, typeof limitSchema>,
  )
  .strict();

/** The actions whose limit passes its safe maximum (empty when all are safe). */
export function unsafeLinkedinLimits(limits: Partial<LinkedinActionLimits>): LinkedinActionType[] {
  return LINKEDIN_ACTION_TYPES.filter((action) => (limits[action] ?? 0) > LINKEDIN_DAILY_LIMITS[action].max);
}

/**
 * Slots (connected accounts) a plan allows; a team's slots count on the lead's plan. An ended
 * plan counts as the free plan.
 */
export const LINKEDIN_SLOTS_BY_PLAN: Readonly<Record<string, number>> = {
  FREE: 1,
  TRIAL: 2,
  XS: 3,
  DC: 5,
  ZB: 10,
  ZB2: 20,
  ZB3: 30,
  XXL: 50,
};

export function linkedinSlotsAllowed(plan: { name: string; expired: boolean }): number {
  if (plan.expired) return LINKEDIN_SLOTS_BY_PLAN.FREE!;
  return LINKEDIN_SLOTS_BY_PLAN[plan.name] ?? LINKEDIN_SLOTS_BY_PLAN.FREE!;
}
export type LinkedinActionLimits = z.infer<typeof linkedinActionLimitsSchema>;

export function defaultLinkedinActionLimits(): LinkedinActionLimits {
  return Object.fromEntries(LINKEDIN_ACTION_TYPES.map((action) => [action, LINKEDIN_DAILY_LIMITS[action].default])) as LinkedinActionLimits;
}

const workingDaySchema = z
  .object({
    day: z.enum(WEEK_DAYS),
    from: z.number().int().min(0).max(1_440),
    to: z.number().int().min(0).max(1_440),
  })
  .strict()
  .refine((day) => day.from < day.to, { message: 'from must be before to', path: ['to'] });

/** When the account acts, on its own time zone's wall clock; a missing day is a day off. */
export const linkedinWorkingHoursSchema = z
  .array(workingDaySchema)
  .max(7)
  .refine((days) => new Set(days.map((day) => day.day)).size === days.length, { message: 'each day once' });
export type LinkedinWorkingHours = z.infer<typeof linkedinWorkingHoursSchema>;

export const linkedinTimeZoneSchema = timeZoneNameSchema.refine(isTimeZoneName, { message: 'an IANA time zone such as Europe/Berlin' });

// ------------------------------------------------------------------ proxies

/**
 * A custom proxy (document 1 §3: host, port, username, password). The password is write-only:
 * stored encrypted, never answered (the view says only whether one is set).
 */
export const linkedinCustomProxyBodySchema = z
  .object({
    host: z.string().trim().min(1).max(253),
    port: z.number().int().min(1).max(65_535),
    username: z.string().max(255).default(''),
    password: z.string().max(255).default(''),
  })
  .strict();

/** Built-in (a proxy of the platform in the account's country) or custom. */
export const linkedinProxyBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('builtin'), countryId: recordIdSchema }).strict(),
  z.object({ kind: z.literal('custom'), proxy: linkedinCustomProxyBodySchema }).strict(),
]);
export type LinkedinProxyBody = z.infer<typeof linkedinProxyBodySchema>;

export const linkedinProxyViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('builtin'), countryId: recordIdSchema, countryName: z.string() }),
  z.object({ kind: z.literal('custom'), host: z.string(), port: z.number().int(), username: z.string(), hasPassword: z.boolean() }),
]);

/** A country the built-in proxies serve (GET …/proxies). */
export const linkedinProxyCountrySchema = z.object({ countryId: recordIdSchema, name: z.string(), available: z.boolean() });

// ------------------------------------------------------------------ connecting

/**
 * How an account is connected, the way the industry does it: the member's session cookie
 * (`li_at`) copied from a signed-in browser, or e-mail + password followed, when the network
 * asks, by a verification code or a two-factor code. Both are write-only.
 */
export const linkedinLoginBodySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cookie'), sessionCookie: z.string().trim().min(10).max(4_096) }).strict(),
  z.object({ method: z.literal('credentials'), email: z.string().trim().toLowerCase().max(254).pipe(z.email()), password: z.string().min(1).max(255) }).strict(),
]);
export type LinkedinLoginBody = z.infer<typeof linkedinLoginBodySchema>;

export const linkedinAccountSettingsBodySchema = z
  .object({
    name: z.string().trim().min(1).max(255).optional(),
    limits: linkedinActionLimitsSchema.partial().optional(),
    workingHours: linkedinWorkingHoursSchema.optional(),
    connectLimit: z.number().int().min(1).max(CONNECT_LIMIT_MAX).optional(),
    minGapSeconds: z.number().int().min(30).max(3_600).optional(),
    maxGapSeconds: z.number().int().min(30).max(3_600).optional(),
  })
  .strict();
export type LinkedinAccountSettings = z.infer<typeof linkedinAccountSettingsBodySchema>;

export const connectLinkedinAccountBodySchema = z
  .object({
    login: linkedinLoginBodySchema,
    proxy: linkedinProxyBodySchema,
    timezone: linkedinTimeZoneSchema,
    warmUp: z.boolean().default(false),
    /** Connect into this slot (an empty slot of the caller's, or one the lead assigned); absent: a new slot. */
    slotId: recordIdSchema.optional(),
  })
  .extend(linkedinAccountSettingsBodySchema.shape)
  .strict();
export type ConnectLinkedinAccountBody = z.infer<typeof connectLinkedinAccountBodySchema>;

export const linkedinCodeBodySchema = z.object({ code: z.string().trim().regex(/^[0-9A-Za-z]{4,10}$/) }).strict();
export const linkedinTwoFactorMethodBodySchema = z.object({ method: z.enum(TWO_FACTOR_METHODS) }).strict();
export const linkedinWarmUpBodySchema = z.object({ enabled: z.boolean() }).strict();
export const linkedinTimeZoneBodySchema = z.object({ timezone: linkedinTimeZoneSchema }).strict();
export const linkedinReconnectBodySchema = z.object({ login: linkedinLoginBodySchema }).strict();

// ------------------------------------------------------------------ the account view

export const linkedinActionCountsSchema = z.object(
  Object.fromEntries(LINKEDIN_ACTION_TYPES.map((action) => [action, countSchema])) as Record<LinkedinActionType, typeof countSchema>,
);

/** A slot and the account connected to it (an empty slot is `pending_connection` without a profile). */
export const linkedinAccountSchema = z.object({
  id: recordIdSchema,
  /** Which network adapter serves it: `sandbox` is the offline simulated network (every screen says so). */
  provider: socialNetworkProviderSchema,
  name: z.string(),
  profileUrl: webUrlSchema.nullable(),
  /** The member's own name on the network, once connected. */
  profileName: z.string().nullable(),
  state: socialAccountStateSchema,
  /** Why the account is not active, as an error key the screen translates (null when active). */
  stateReason: z.string().nullable(),
  stateChangedAt: isoDateTimeSchema,
  /** The two-factor method the network is asking through (two_factor_code); null otherwise. */
  twoFactorMethod: z.enum(TWO_FACTOR_METHODS).nullable(),
  /**
   * Sandbox only: the code the simulated network "sent" while the account waits for one
   * (verification_code, two_factor_code), so the connection can be finished offline; the screen
   * shows it labelled as the sandbox code. Never present for the real network.
   */
  sandboxCode: z.string().optional(),
  proxy: linkedinProxyViewSchema.nullable(),
  timezone: z.string(),
  workingHours: linkedinWorkingHoursSchema,
  limits: linkedinActionLimitsSchema,
  /** Today's limits after the warm-up ramp (equal to `limits` when warm-up is off or done). */
  effectiveLimits: linkedinActionLimitsSchema,
  minGapSeconds: z.number().int(),
  maxGapSeconds: z.number().int(),
  connectLimit: z.number().int().min(1).max(CONNECT_LIMIT_MAX),
  /** Invitations sent and not yet accepted or withdrawn (the `pending` figure). */
  pendingInvitations: countSchema,
  doneToday: linkedinActionCountsSchema,
  warmUp: z.boolean(),
  /** Day of the warm-up ramp (1-based); null when warm-up is off. */
  warmUpDay: z.number().int().min(1).nullable(),
  /** The member who owns the slot (the lead for team slots). */
  ownerId: recordIdSchema,
  /** The member the slot is assigned to; null when the owner uses it. */
  assignedUserId: recordIdSchema.nullable(),
  assignedUserName: z.string().nullable(),
  /** Campaigns whose LinkedIn steps use it (they wait while it is not active). */
  campaignsCount: countSchema,
  createdAt: isoDateTimeSchema,
});
export type LinkedinAccount = z.infer<typeof linkedinAccountSchema>;

export const linkedinAccountListResponseSchema = z.object({
  items: z.array(linkedinAccountSchema),
  /** The network new accounts connect to (`sandbox` by default). */
  provider: socialNetworkProviderSchema,
  /** Slots the plan allows and those in use (team slots count on the lead's plan). */
  slots: z.object({ used: countSchema, allowed: countSchema }),
});
export const linkedinAccountResponseSchema = z.object({ account: linkedinAccountSchema });

/** An account of the team (GET …/team): every member sees the team's slots and who uses them. */
export const teamLinkedinAccountSchema = linkedinAccountSchema.pick({
  id: true,
  provider: true,
  name: true,
  profileName: true,
  state: true,
  ownerId: true,
  assignedUserId: true,
  assignedUserName: true,
}).extend({ ownerName: z.string(), isOwn: z.boolean() });

// ------------------------------------------------------------------ team slots and requests

export const linkedinSlotRequestSchema = z.object({
  id: recordIdSchema,
  requesterId: recordIdSchema,
  requesterName: z.string(),
  note: z.string().nullable(),
  status: z.enum(SLOT_REQUEST_STATUSES),
  /** The slot given on approval. */
  slotId: recordIdSchema.nullable(),
  createdAt: isoDateTimeSchema,
  decidedAt: isoDateTimeSchema.nullable(),
});
export type LinkedinSlotRequest = z.infer<typeof linkedinSlotRequestSchema>;

export const linkedinSlotRequestBodySchema = z.object({ note: z.string().trim().max(500).optional() }).strict();
export const linkedinApproveRequestBodySchema = z
  .object({ /** Give this free slot of the lead's; absent: a new slot. */ slotId: recordIdSchema.optional() })
  .strict();
export const linkedinAssignBodySchema = z.object({ accountId: recordIdSchema, userId: recordIdSchema }).strict();
export const linkedinRetractBodySchema = z.object({ accountId: recordIdSchema }).strict();

// ------------------------------------------------------------------ pending invitations and actions

export const LINKEDIN_ACTION_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type LinkedinActionState = (typeof LINKEDIN_ACTION_STATES)[number];

export const linkedinPendingInvitationSchema = z.object({
  actionId: recordIdSchema,
  profileUrl: z.string(),
  profileName: z.string().nullable(),
  sentAt: isoDateTimeSchema,
});
export const linkedinPendingResponseSchema = z.object({
  pending: countSchema,
  connectLimit: z.number().int(),
  items: z.array(linkedinPendingInvitationSchema),
});

/** One action of the runner, as the screens show it. */
export const linkedinActionSchema = z.object({
  id: recordIdSchema,
  linkedinAccountId: recordIdSchema,
  action: linkedinActionTypeSchema,
  profileUrl: z.string(),
  state: z.enum(LINKEDIN_ACTION_STATES),
  /** Why it failed or waits (an error key), null otherwise. */
  reason: z.string().nullable(),
  dueAt: isoDateTimeSchema,
  doneAt: isoDateTimeSchema.nullable(),
  campaignId: recordIdSchema.nullable(),
  recipientId: recordIdSchema.nullable(),
});
export type LinkedinAction = z.infer<typeof linkedinActionSchema>;

/** li-touch/inline-message: one message to one profile now, from a connected account (the prospect view, the unibox). */
export const inlineMessageBodySchema = z
  .object({
    linkedinAccountId: recordIdSchema,
    profileUrl: webUrlSchema,
    message: z.string().trim().min(1).max(LINKEDIN_ACTION_LIMITS.message!.content),
    /** A retry with the same key is the same message (never sent twice). */
    idempotencyKey: z.string().trim().min(8).max(100).optional(),
  })
  .strict();

// ------------------------------------------------------------------ errors and routes

export const LINKEDIN_CONNECT_ERRORS = [
  'linkedin_login_failed',
  'linkedin_session_invalid',
  'linkedin_proxy_unreachable',
  'linkedin_proxy_country_unavailable',
  'linkedin_account_exists',
  'linkedin_slots_exhausted',
] as const satisfies readonly ErrorKey[];

const BASE = '/pipelines/api/linkedin-accounts';

export const linkedinAccountsRoutes = {
  listLinkedinAccounts: defineRoute({
    id: 'linkedinAccounts.all',
    method: 'GET',
    path: `${BASE}/all`,
    response: linkedinAccountListResponseSchema,
    summary: 'The caller’s LinkedIn slots and accounts (own and assigned to them) with state, limits, done today and pending invitations',
  }),
  teamLinkedinAccounts: defineRoute({
    id: 'linkedinAccounts.team',
    method: 'GET',
    path: `${BASE}/team`,
    response: z.object({ items: z.array(teamLinkedinAccountSchema) }),
    summary: 'The team’s LinkedIn slots and who uses each (a solo user has none)',
  }),
  linkedinProxies: defineRoute({
    id: 'linkedinAccounts.proxies',
    method: 'GET',
    path: `${BASE}/proxies`,
    response: z.object({ countries: z.array(linkedinProxyCountrySchema) }),
    summary: 'Countries the built-in proxies serve',
  }),
  connectLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.connect',
    method: 'POST',
    path: BASE,
    body: connectLinkedinAccountBodySchema,
    response: linkedinAccountResponseSchema,
    // linkedin_lead_only: a team member connects into a slot the lead gave them, never a new one.
    errors: [...LINKEDIN_CONNECT_ERRORS, 'linkedin_lead_only', 'not_found'],
    summary: 'Connects an account by session cookie or e-mail and password through a proxy; the answer may ask for a verification or two-factor code',
  }),
  getLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.get',
    method: 'GET',
    path: `${BASE}/:id`,
    params: idParamsSchema,
    response: linkedinAccountResponseSchema,
    summary: 'One of the caller’s LinkedIn accounts',
  }),
  updateLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.update',
    method: 'PATCH',
    path: `${BASE}/:id`,
    params: idParamsSchema,
    body: linkedinAccountSettingsBodySchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_limit_above_safe'],
    summary: 'Changes an account’s name, daily limits per action, working hours, gaps between actions or pending-invitation limit',
  }),
  deleteLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.delete',
    method: 'DELETE',
    path: `${BASE}/:id`,
    params: idParamsSchema,
    response: linkedinAccountResponseSchema,
    summary: 'Disconnects an account (state deleted): its queued actions are cancelled and its campaigns’ LinkedIn steps wait for another sender',
  }),
  submitLinkedinCode: defineRoute({
    id: 'linkedinAccounts.verificationCode',
    method: 'POST',
    path: `${BASE}/:id/verification-code`,
    params: idParamsSchema,
    body: linkedinCodeBodySchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_code_invalid', 'linkedin_code_expired', 'linkedin_code_not_expected'],
    summary: 'Sends the verification or two-factor code the network asked for',
  }),
  resendLinkedinCode: defineRoute({
    id: 'linkedinAccounts.resendCode',
    method: 'POST',
    path: `${BASE}/:id/verification-code/resend`,
    params: idParamsSchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_code_not_expected', 'rate_limited'],
    summary: 'Asks the network to send the code again',
  }),
  changeLinkedinTwoFactorMethod: defineRoute({
    id: 'linkedinAccounts.twoFactorMethod',
    method: 'POST',
    path: `${BASE}/:id/two-factor-method`,
    params: idParamsSchema,
    body: linkedinTwoFactorMethodBodySchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_code_not_expected'],
    summary: 'Asks for the two-factor code by another method (SMS, e-mail, authenticator app)',
  }),
  reconnectLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.reconnect',
    method: 'POST',
    path: `${BASE}/:id/reconnect`,
    params: idParamsSchema,
    body: linkedinReconnectBodySchema,
    response: linkedinAccountResponseSchema,
    errors: [...LINKEDIN_CONNECT_ERRORS],
    summary: 'Signs an expired or disconnected account in again (new session cookie or password)',
  }),
  setLinkedinWarmUp: defineRoute({
    id: 'linkedinAccounts.warmUp',
    method: 'PUT',
    path: `${BASE}/:id/warm-up`,
    params: idParamsSchema,
    body: linkedinWarmUpBodySchema,
    response: linkedinAccountResponseSchema,
    summary: 'Turns warm-up (a slow ramp of harmless actions) on or off',
  }),
  setLinkedinProxy: defineRoute({
    id: 'linkedinAccounts.proxy',
    method: 'PUT',
    path: `${BASE}/:id/proxy`,
    params: idParamsSchema,
    body: linkedinProxyBodySchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_proxy_unreachable', 'linkedin_proxy_country_unavailable'],
    summary: 'Changes the account’s proxy (built-in by country, or custom; a custom proxy is tried first)',
  }),
  setLinkedinTimeZone: defineRoute({
    id: 'linkedinAccounts.timezone',
    method: 'PUT',
    path: `${BASE}/:id/timezone`,
    params: idParamsSchema,
    body: linkedinTimeZoneBodySchema,
    response: linkedinAccountResponseSchema,
    summary: 'Changes the time zone its working hours are read in',
  }),
  linkedinPending: defineRoute({
    id: 'linkedinAccounts.pending',
    method: 'GET',
    path: `${BASE}/:id/pending`,
    params: idParamsSchema,
    response: linkedinPendingResponseSchema,
    summary: 'Pending invitations of an account against its connect limit',
  }),
  linkedinActions: defineRoute({
    id: 'linkedinAccounts.actions',
    method: 'GET',
    path: `${BASE}/:id/actions`,
    params: idParamsSchema,
    query: z.object({ state: z.enum(LINKEDIN_ACTION_STATES).optional(), page: z.coerce.number().int().min(1).default(1) }),
    response: z.object({ items: z.array(linkedinActionSchema), total: countSchema }),
    summary: 'The runner’s queue and history of an account, newest first',
  }),
  assignLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.assign',
    method: 'POST',
    path: `${BASE}/assign`,
    body: linkedinAssignBodySchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_lead_only', 'team_member_not_found'],
    summary: 'The lead assigns a slot to a team member',
  }),
  retractLinkedinAccount: defineRoute({
    id: 'linkedinAccounts.retract',
    method: 'POST',
    path: `${BASE}/retract`,
    body: linkedinRetractBodySchema,
    response: linkedinAccountResponseSchema,
    errors: ['linkedin_lead_only'],
    summary: 'The lead takes a slot back from the member it was assigned to',
  }),
  listLinkedinSlotRequests: defineRoute({
    id: 'linkedinAccounts.requests',
    method: 'GET',
    path: `${BASE}/requests`,
    response: z.object({ items: z.array(linkedinSlotRequestSchema) }),
    summary: 'Slot requests: all of the team’s for the lead, the caller’s own for a member',
  }),
  requestLinkedinSlot: defineRoute({
    id: 'linkedinAccounts.requestSlot',
    method: 'POST',
    path: `${BASE}/requests`,
    body: linkedinSlotRequestBodySchema,
    response: z.object({ request: linkedinSlotRequestSchema }),
    errors: ['linkedin_member_only', 'linkedin_request_pending'],
    summary: 'A team member asks the lead for a slot',
  }),
  approveLinkedinSlotRequest: defineRoute({
    id: 'linkedinAccounts.approveRequest',
    method: 'POST',
    path: `${BASE}/requests/:id/approve`,
    params: idParamsSchema,
    body: linkedinApproveRequestBodySchema,
    response: z.object({ request: linkedinSlotRequestSchema }),
    errors: ['linkedin_lead_only', 'linkedin_request_closed', 'linkedin_slots_exhausted'],
    summary: 'The lead approves a request: a new or free slot is assigned to the member',
  }),
  rejectLinkedinSlotRequest: defineRoute({
    id: 'linkedinAccounts.rejectRequest',
    method: 'POST',
    path: `${BASE}/requests/:id/reject`,
    params: idParamsSchema,
    response: z.object({ request: linkedinSlotRequestSchema }),
    errors: ['linkedin_lead_only', 'linkedin_request_closed'],
    summary: 'The lead rejects a request',
  }),
  withdrawLinkedinSlotRequest: defineRoute({
    id: 'linkedinAccounts.withdrawRequest',
    method: 'POST',
    path: `${BASE}/requests/:id/withdraw`,
    params: idParamsSchema,
    response: z.object({ request: linkedinSlotRequestSchema }),
    errors: ['linkedin_request_closed'],
    summary: 'The member withdraws their own pending request',
  }),
  sendInlineLinkedinMessage: defineRoute({
    id: 'linkedinAccounts.inlineMessage',
    method: 'POST',
    path: '/pipelines/api/li-touch/inline-message',
    body: inlineMessageBodySchema,
    response: z.object({ action: linkedinActionSchema }),
    errors: ['linkedin_account_not_active', 'linkedin_not_connected_to_profile', 'linkedin_daily_limit_reached'],
    summary: 'Queues one LinkedIn message to a profile from a connected account, sent by the runner within the account’s limits',
  }),
} as const;
