/**
 * Plan state as the API reports it (user-info pricingPlan, /user-pricing-plan-info). The
 * permission rules themselves come from contracts/rules/permissions (never restated here).
 */
import {
  FREE_TRIAL_DAYS,
  canAccessBilling,
  canInviteToTeam,
  isBiggestPlan,
  type PricingPlan,
  type TeamFacts,
} from '@leadforge/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Grace after the end before the expiry restrictions start; a product choice, not in the spec. */
export const EXPIRY_GRACE_DAYS = 3;
export const TRIAL_DURATION_MS = FREE_TRIAL_DAYS * DAY_MS;

export interface SubscriptionFacts {
  planName: string;
  isFree: boolean;
  startedAt: Date;
  endsAt: Date | null;
  trialStartedAt: Date | null;
  freeContinuedAt: Date | null;
}

export function pricingPlanOf(sub: SubscriptionFacts, now: Date): PricingPlan {
  const endsAt = sub.endsAt?.getTime() ?? null;
  const expired = endsAt !== null && now.getTime() >= endsAt;
  return {
    name: sub.planName,
    isFreePlan: sub.isFree,
    expired,
    willExpireDays: endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now.getTime()) / DAY_MS)),
    daysUntilExpirationLimits:
      endsAt === null ? null : Math.max(0, Math.ceil((endsAt + EXPIRY_GRACE_DAYS * DAY_MS - now.getTime()) / DAY_MS)),
  };
}

/** The trial may be turned into the free plan once (continue-free-trial). */
export function trialAvailable(sub: SubscriptionFacts): boolean {
  return sub.planName === 'TRIAL' && sub.freeContinuedAt === null;
}

export function planPermissions(plan: PricingPlan, team: TeamFacts) {
  return {
    canInviteToTeam: canInviteToTeam(plan, team),
    canAccessBilling: canAccessBilling(team),
    isBiggestPlan: isBiggestPlan(plan),
  };
}
