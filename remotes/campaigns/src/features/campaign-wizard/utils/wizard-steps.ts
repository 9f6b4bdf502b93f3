import {
  CAMPAIGN_BLOCK_ERROR_KEYS,
  CAMPAIGN_CREATION_STEPS,
  type CampaignCreationStep,
  type ErrorKey,
} from '@leadforge/contracts';

/** The step in the address: /campaigns/create/<slug>?id=<campaignId>. */
const SLUG_OF: Record<CampaignCreationStep, string> = {
  sequence: 'sequence',
  prospects: 'prospects',
  sending_options: 'sending-options',
  review: 'review',
};

export function stepSlug(step: CampaignCreationStep): string {
  return SLUG_OF[step];
}

/** The step a slug names; null for none or an unknown one (the wizard then resumes at the saved step). */
export function stepOfSlug(slug: string | undefined): CampaignCreationStep | null {
  return CAMPAIGN_CREATION_STEPS.find((step) => SLUG_OF[step] === slug) ?? null;
}

export function stepIndex(step: CampaignCreationStep): number {
  return CAMPAIGN_CREATION_STEPS.indexOf(step);
}

/** The wizard's address for a campaign and step. */
export function wizardPath(campaignId: number, step: CampaignCreationStep): string {
  return `/campaigns/create/${SLUG_OF[step]}?id=${campaignId}`;
}

const PROSPECT_KEYS: readonly ErrorKey[] = ['launch_choose_prospect_list', 'launch_choose_not_send_list', 'launch_no_recipients'];
const BLOCK_KEYS: readonly ErrorKey[] = CAMPAIGN_BLOCK_ERROR_KEYS.filter((key) => key !== 'email_wrap_links_plan_size');

/**
 * The step whose screen fixes a launch issue: the sequence for block checks, the prospects for
 * list checks, the sending options for accounts (and link wrapping, an option of step 3).
 */
export function stepOfIssue(key: ErrorKey): CampaignCreationStep {
  if (BLOCK_KEYS.includes(key)) return 'sequence';
  if (PROSPECT_KEYS.includes(key)) return 'prospects';
  return 'sending_options';
}

/** The step the user may continue from: a later saved step never moves the user back. */
export function furthestStep(a: CampaignCreationStep, b: CampaignCreationStep): CampaignCreationStep {
  return stepIndex(a) >= stepIndex(b) ? a : b;
}
