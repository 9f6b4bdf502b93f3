/** CRM entities: deals, currencies and funnels (document 1 §3 "Other", document 2 §7.2). */
import * as z from './zod';
import { recordIdSchema, timestampSchema } from './fields';

export const currencySchema = z.object({
  id: recordIdSchema,
  /** ISO 4217 code. */
  code: z.string().regex(/^[A-Z]{3}$/),
  name: z.string().max(100),
  symbol: z.string().max(8),
  /** Banned currencies are left out with excludeBannedCurrency=1. */
  isBanned: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;

export const funnelStageSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(100),
  position: z.number().int().nonnegative(),
});
export type FunnelStage = z.infer<typeof funnelStageSchema>;

/** A funnel (pipeline) of stages a deal moves through. */
export const funnelSchema = z.object({
  id: recordIdSchema,
  name: z.string().trim().min(1).max(100),
  stages: z.array(funnelStageSchema),
});
export type Funnel = z.infer<typeof funnelSchema>;

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

/** Money as a decimal string ('100', '99.50'), as campaign deal settings carry potentialValue. */
export const moneyAmountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/);

export const dealSchema = z.object({
  id: recordIdSchema,
  title: z.string().trim().min(1).max(255),
  prospectId: recordIdSchema,
  funnelId: recordIdSchema,
  stageId: recordIdSchema,
  value: moneyAmountSchema,
  currencyId: recordIdSchema,
  status: z.enum(DEAL_STATUSES),
  /** The campaign that created the deal, if any (deal creation from campaigns). */
  campaignId: recordIdSchema.nullable(),
  ownerId: recordIdSchema,
  createdAt: timestampSchema,
});
export type Deal = z.infer<typeof dealSchema>;
