/**
 * What a pricing plan allows in a campaign (document 1 §5 "Campaign blocks" and "Launch").
 * The spec speaks of "free and starter plans"; XS is the starter plan of PLAN_NAMES.
 */
import { FREE_PLAN_NAME, TRIAL_PLAN_NAME, type PlanName } from '../constants';

export type CampaignPlanTier = 'free' | 'starter' | 'paid';
export const STARTER_PLAN_NAMES: readonly PlanName[] = ['XS'];

/**
 * The free trial runs campaigns as the starter plan does: it is there to try the outreach, and it
 * already holds LinkedIn slots (linkedinSlotsAllowed), which a free tier's campaigns could not use.
 * A/B testing stays with the paid plans.
 */
export function campaignPlanTier(plan: { name: string | null; isFreePlan: boolean } | null): CampaignPlanTier {
  if (plan?.name === TRIAL_PLAN_NAME) return 'starter';
  if (!plan || plan.isFreePlan || plan.name === FREE_PLAN_NAME) return 'free';
  return (STARTER_PLAN_NAMES as readonly string[]).includes(plan.name ?? '') ? 'starter' : 'paid';
}

export interface CampaignCapabilities {
  /** More than one variant per email block (email_ab_plan_size). */
  abTesting: boolean;
  /** Dynamic text in emails (dynamic_text_plan). */
  dynamicText: boolean;
  /** Social-network blocks (linkedin_plan_size). */
  socialNetwork: boolean;
  /** Link wrapping for click tracking (email_wrap_links_plan_size). */
  wrapLinks: boolean;
}

export function campaignCapabilities(tier: CampaignPlanTier): CampaignCapabilities {
  switch (tier) {
    case 'free':
      return { abTesting: false, dynamicText: false, socialNetwork: false, wrapLinks: false };
    case 'starter':
      return { abTesting: false, dynamicText: true, socialNetwork: true, wrapLinks: true };
    case 'paid':
      return { abTesting: true, dynamicText: true, socialNetwork: true, wrapLinks: true };
  }
}
