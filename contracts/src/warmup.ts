/** Warm-up of email accounts (document 1 §3 "Other", §4). */
import * as z from './zod';
import { countSchema, recordIdSchema, timestampSchema } from './fields';

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
