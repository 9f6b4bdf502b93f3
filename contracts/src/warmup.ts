/** Warm-up of email accounts (document 1 §3 "Other", §4). */
import * as z from './zod';
import { idSchema } from './common';
import { errorKeySchema } from './errors';
import { countSchema, recordIdSchema, timestampSchema } from './fields';
import { defineRoute, type AnyRoute } from './http';

export const WARMUP_STATUSES = ['active', 'paused', 'pending', 'disabled'] as const;
export type WarmupStatus = (typeof WARMUP_STATUSES)[number];

export const WARMUP_HEALTH = ['good', 'ok', 'bad'] as const;
export type WarmupHealth = (typeof WARMUP_HEALTH)[number];

export type Severity = 'success' | 'warning' | 'error';
/** Health maps to severity: good → success, ok → warning, bad → error. */
export const HEALTH_SEVERITY = { good: 'success', ok: 'warning', bad: 'error' } as const satisfies Record<WarmupHealth, Severity>;

export function healthSeverity(health: WarmupHealth): Severity {
  return HEALTH_SEVERITY[health];
}

export const warmupEntrySchema = z.object({
  id: recordIdSchema,
  emailAccountId: recordIdSchema,
  email: z.string().max(254),
  status: z.enum(WARMUP_STATUSES),
  health: z.enum(WARMUP_HEALTH).nullable(),
  /** Warm-up emails to send per day. */
  dailyLimit: z.number().int().min(1).max(500),
  sentToday: countSchema,
  /** Share of warm-up mail that landed in the inbox, 0…100. */
  inboxRate: z.number().min(0).max(100).nullable(),
  scheduleId: recordIdSchema.nullable(),
  startedAt: timestampSchema.nullable(),
});
export type WarmupEntry = z.infer<typeof warmupEntrySchema>;

// ------------------------------------------------------------------ the /warm-up/api calls (document 2 §7.8)

/**
 * Page size of the warm-up list and the size of a status batch (document 2 §9: "warm-up list 20
 * per page; statuses fetched 100 accounts per batch"). Kept here beside the calls that use them.
 */
export const WARMUP_LIST = { perPage: 20, statusBatch: 100 } as const;

/** Statuses a user sets (PUT by id, bulk). `pending` is the server's: warm-up waits for a mailbox that cannot connect. */
export const SETTABLE_WARMUP_STATUSES = ['active', 'paused', 'disabled'] as const;
export type SettableWarmupStatus = (typeof SETTABLE_WARMUP_STATUSES)[number];

/** Bounds of the per-mailbox settings; the plan's ceiling (`warmupPlanLimits`) may be lower. */
export const WARMUP_SETTING_BOUNDS = {
  startVolume: { min: 1, max: 50 },
  dailyIncrease: { min: 0, max: 10 },
  ceiling: { min: 1, max: 100 },
  replyRate: { min: 0, max: 100 },
} as const;

const bounded = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

/**
 * A mailbox's warm-up settings, as the best tools offer them (Lemwarm, Instantly, Mailreach): the
 * ramp (start volume, daily increase, ceiling), the share of received warm-up mail answered, and
 * when it sends — weekdays only, or on one of the caller's schedules (null: the mailbox's own
 * sending window, every day).
 */
export const warmupSettingsSchema = z.object({
  startVolume: bounded(WARMUP_SETTING_BOUNDS.startVolume),
  dailyIncrease: bounded(WARMUP_SETTING_BOUNDS.dailyIncrease),
  ceiling: bounded(WARMUP_SETTING_BOUNDS.ceiling),
  /** Per cent of received warm-up mail answered. */
  replyRate: bounded(WARMUP_SETTING_BOUNDS.replyRate),
  weekdaysOnly: z.boolean(),
  scheduleId: recordIdSchema.nullable(),
});
export type WarmupSettings = z.infer<typeof warmupSettingsSchema>;

/** PATCH body: any of the settings; the ramp must start at or below its ceiling. */
export const warmupSettingsPatchSchema = warmupSettingsSchema
  .partial()
  .strict()
  .refine((body) => body.startVolume === undefined || body.ceiling === undefined || body.startVolume <= body.ceiling, {
    message: 'the start volume must not exceed the ceiling',
    path: ['startVolume'],
  });
export type WarmupSettingsPatch = z.infer<typeof warmupSettingsPatchSchema>;

/** Placements and replies of a window of days, with rates in per cent (null: nothing placed or sent yet). */
export const warmupRatesSchema = z.object({
  sent: countSchema,
  inbox: countSchema,
  spam: countSchema,
  replied: countSchema,
  /** inbox / (inbox + spam). */
  inboxRate: z.number().min(0).max(100).nullable(),
  /** spam / (inbox + spam). */
  spamRate: z.number().min(0).max(100).nullable(),
  /** replied / sent. */
  replyRate: z.number().min(0).max(100).nullable(),
});
export type WarmupRates = z.infer<typeof warmupRatesSchema>;

/**
 * One row of the warm-up list: every live mailbox of the caller (a team lead: of the team), with
 * or without warm-up. The entry's `id` is its email account's id (one warm-up per mailbox), so
 * `/deliverability/warm-up/{id}` and `PUT /warm-up/api/{id}` take the same number. A mailbox that
 * never started a warm-up is `disabled` with the default settings.
 */
export const warmupAccountSchema = warmupEntrySchema.extend({
  senderName: z.string().max(200),
  /** The owner (a lead sees the team's mailboxes). */
  userId: recordIdSchema,
  settings: warmupSettingsSchema,
  /** Warm-up days sent so far (the ramp's day is this + 1 on the next sending day). */
  daysWarmed: countSchema,
  /** Today's target by the ramp (0 while not active). */
  dailyTarget: countSchema,
  /** Back at its start volume because its health went bad. */
  throttled: z.boolean(),
  /** Why it is pending (the mailbox's connection problem, e.g. imap_login), else null. */
  statusReason: z.string().max(64).nullable(),
  /** False for a mailbox without IMAP: it cannot read its warm-up mail back, so it cannot start. */
  hasImap: z.boolean(),
  last7: warmupRatesSchema,
  last30: warmupRatesSchema,
});
export type WarmupAccount = z.infer<typeof warmupAccountSchema>;

/** The list's ids filter: comma-separated email account ids, at most one status batch. */
const idListSchema = z
  .string()
  .trim()
  .regex(/^\d{1,15}(,\d{1,15})*$/, { message: 'comma-separated ids' })
  .transform((value) => [...new Set(value.split(',').map(Number))])
  .refine((ids) => ids.length <= WARMUP_LIST.statusBatch, { message: `at most ${WARMUP_LIST.statusBatch} ids` });

export const warmupListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    perPage: z.coerce.number().int().min(1).max(WARMUP_LIST.statusBatch).default(WARMUP_LIST.perPage),
    /** Only these email accounts (the email-accounts screen reads its page's statuses in one batch). */
    ids: idListSchema.optional(),
    status: z.enum(WARMUP_STATUSES).optional(),
  })
  .strict();
export type WarmupListQuery = z.infer<typeof warmupListQuerySchema>;

export const warmupListResponseSchema = z.object({
  items: z.array(warmupAccountSchema),
  total: countSchema,
  page: z.number().int().min(1),
  perPage: z.number().int().min(1),
});

/** What the caller's plan allows (warmupPlanLimits) and how much of it is used. */
export const warmupUserLimitsSchema = z.object({
  /** Mailboxes that may warm up at once (active, pending or paused); null: no limit. */
  maxMailboxes: z.number().int().min(0).nullable(),
  /** The caller's own mailboxes with warm-up on (not disabled). */
  usedMailboxes: countSchema,
  /** The highest ceiling a mailbox's ramp may have. */
  maxCeiling: z.number().int().min(1),
  defaults: warmupSettingsSchema,
  /** Mailboxes of this installation warming up now (the pool); below `poolMinimum` the screens warn. */
  poolSize: countSchema,
  poolMinimum: z.number().int().min(1),
});
export type WarmupUserLimits = z.infer<typeof warmupUserLimitsSchema>;

/** The mailbox a warm-up call is about (its warm-up's id is the same number). */
export const warmupParamsSchema = z.object({ emailAccountId: idSchema }).strict();

export const warmupAccountResponseSchema = z.object({ item: warmupAccountSchema });

export const warmupStatusBodySchema = z.object({ status: z.enum(SETTABLE_WARMUP_STATUSES) }).strict();

export const warmupStatisticsQuerySchema = z
  .object({
    /** One mailbox; omitted: all the caller's (a lead: the team's) mailboxes together. */
    emailAccountId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    /** Days of the daily series, ending today (UTC): the screens ask 7 or 30; the rates are always over both. */
    days: z.coerce.number().int().min(1).max(30).default(30),
  })
  .strict();
export type WarmupStatisticsQuery = z.infer<typeof warmupStatisticsQuerySchema>;

export const warmupDayStatsSchema = z.object({
  date: z.iso.date(),
  sent: countSchema,
  inbox: countSchema,
  spam: countSchema,
  replied: countSchema,
});
export type WarmupDayStats = z.infer<typeof warmupDayStatsSchema>;

/** How many of a mailbox's latest warm-up conversations the statistics answer. */
export const WARMUP_RECENT_CONVERSATIONS = 20;

/**
 * One warm-up mail of a mailbox, sent or received, as the mailbox's page lists it: never its
 * text (warm-up mail stays out of the unibox too), and of the partner only the domain — partners
 * are mailboxes of other users of the installation's pool.
 */
export const warmupConversationSchema = z.object({
  id: recordIdSchema,
  direction: z.enum(['sent', 'received']),
  partnerDomain: z.string().max(255),
  at: timestampSchema,
  /** Where it landed: in the partner's mailbox (sent) or in this one (received); unknown until read back. */
  placement: z.enum(['inbox', 'spam', 'unknown']),
  /** Moved out of spam into the inbox by the receiving side. */
  rescued: z.boolean(),
  /** Answered in the same thread. */
  replied: z.boolean(),
});
export type WarmupConversation = z.infer<typeof warmupConversationSchema>;

export const warmupStatisticsResponseSchema = z.object({
  /** One entry per day, oldest first, days without mail included (zeros). */
  daily: z.array(warmupDayStatsSchema).max(30),
  last7: warmupRatesSchema,
  last30: warmupRatesSchema,
  /** The mailbox's health (null for all mailboxes together, or too few samples yet). */
  health: z.enum(WARMUP_HEALTH).nullable(),
  /** One mailbox's latest warm-up mail, newest first (empty for all mailboxes together). */
  recent: z.array(warmupConversationSchema).max(WARMUP_RECENT_CONVERSATIONS),
});
export type WarmupStatistics = z.infer<typeof warmupStatisticsResponseSchema>;

export const warmupUsedScheduleSchema = z.object({
  id: recordIdSchema,
  name: z.string().max(200),
  timezone: z.string().max(64),
  /** The caller's mailboxes whose warm-up sends on it. */
  usedBy: z.array(recordIdSchema),
});
export const warmupUsedSchedulesResponseSchema = z.object({ items: z.array(warmupUsedScheduleSchema) });

export const WARMUP_BULK_ACTIONS = ['start', 'pause'] as const;
export type WarmupBulkAction = (typeof WARMUP_BULK_ACTIONS)[number];

export const warmupBulkBodySchema = z
  .object({
    action: z.enum(WARMUP_BULK_ACTIONS),
    emailAccountIds: z.array(recordIdSchema).min(1).max(WARMUP_LIST.statusBatch),
  })
  .strict();

/**
 * Each mailbox is started or paused on its own: one that cannot (no IMAP, the plan's limit, not
 * the caller's) is answered in `failed` with its key and the others go ahead.
 */
export const warmupBulkResponseSchema = z.object({
  updated: z.array(recordIdSchema),
  failed: z.array(z.object({ emailAccountId: recordIdSchema, key: errorKeySchema })),
});
export type WarmupBulkResponse = z.infer<typeof warmupBulkResponseSchema>;

const WARMUP_START_ERRORS = ['not_found', 'warmup_imap_required', 'warmup_mailbox_limit_plan', 'warmup_ceiling_plan', 'schedule_no_days'] as const;

export const warmupRoutes = {
  warmupUserLimits: defineRoute({
    id: 'warmup.userLimits',
    method: 'GET',
    path: '/warm-up/api/user-limits',
    response: warmupUserLimitsSchema,
    summary: 'What the caller’s plan allows the warm-up (mailboxes, ceiling), the defaults and the size of the pool',
  }),
  warmupList: defineRoute({
    id: 'warmup.list',
    method: 'GET',
    path: '/warm-up/api/list',
    query: warmupListQuerySchema,
    response: warmupListResponseSchema,
    summary: 'The caller’s mailboxes (a lead: the team’s) with warm-up status, health, target, rates over 7 and 30 days; 20 per page',
  }),
  warmupStatistics: defineRoute({
    id: 'warmup.statistics',
    method: 'GET',
    path: '/warm-up/api/statistics',
    query: warmupStatisticsQuerySchema,
    response: warmupStatisticsResponseSchema,
    errors: ['not_found'],
    summary: 'Warm-up mail sent, landed in the inbox, landed in spam and replied per day, and the 7- and 30-day rates',
  }),
  warmupUsedSchedules: defineRoute({
    id: 'warmup.usedSchedules',
    method: 'GET',
    path: '/warm-up/api/used-schedules',
    response: warmupUsedSchedulesResponseSchema,
    summary: 'The caller’s schedules a warm-up can send on, each with the mailboxes whose warm-up uses it',
  }),
  warmupGet: defineRoute({
    id: 'warmup.get',
    method: 'GET',
    path: '/warm-up/api/email-accounts/:emailAccountId',
    params: warmupParamsSchema,
    response: warmupAccountResponseSchema,
    errors: ['not_found'],
    summary: 'One mailbox’s warm-up as the list shows it (status, health, settings, target, rates); another’s is not_found',
  }),
  warmupUpdateSettings: defineRoute({
    id: 'warmup.updateSettings',
    method: 'PATCH',
    path: '/warm-up/api/email-accounts/:emailAccountId',
    params: warmupParamsSchema,
    body: warmupSettingsPatchSchema,
    response: warmupAccountResponseSchema,
    errors: ['not_found', 'warmup_ceiling_plan', 'schedule_no_days'],
    summary: 'Changes a mailbox’s warm-up settings (ramp, reply rate, weekdays only, schedule); applies from the next plan',
  }),
  warmupSetStatus: defineRoute({
    id: 'warmup.setStatus',
    method: 'PUT',
    path: '/warm-up/api/:emailAccountId',
    params: warmupParamsSchema,
    body: warmupStatusBodySchema,
    response: warmupAccountResponseSchema,
    errors: [...WARMUP_START_ERRORS],
    summary: 'Starts (active), pauses or stops (disabled) a mailbox’s warm-up; a mailbox that cannot connect waits as pending',
  }),
  warmupBulk: defineRoute({
    id: 'warmup.bulk',
    method: 'POST',
    path: '/warm-up/api/bulk',
    body: warmupBulkBodySchema,
    response: warmupBulkResponseSchema,
    summary: 'Starts or pauses up to 100 mailboxes’ warm-up, each on its own (those that cannot are answered with their key)',
  }),
} as const satisfies Record<string, AnyRoute>;
