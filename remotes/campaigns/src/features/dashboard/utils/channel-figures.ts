/** What each dashboard channel charts and tabulates (the kinds come from contracts' dashboardKinds). */
import type { CampaignEventKind, DashboardChannel } from '@leadforge/contracts';
import type { TotalKey } from '../../campaign-page/utils/figures';

/** The series a channel's chart draws: a handful a reader can compare, out of the channel's kinds. */
export const CHART_KINDS: Record<DashboardChannel, readonly CampaignEventKind[]> = {
  email: ['sent', 'opened', 'clicked', 'replied', 'bounced'],
  linkedin: ['linkedin_visit', 'linkedin_invite', 'linkedin_invite_accepted', 'linkedin_message', 'linkedin_replied'],
  summary: ['sent', 'replied', 'linkedin_invite', 'linkedin_replied'],
};

/** The figure columns of a channel's table (each with its rate where it has one). */
export const TABLE_FIGURES: Record<DashboardChannel, readonly TotalKey[]> = {
  email: ['sent', 'delivered', 'opened', 'clicked', 'replied', 'bounced', 'unsubscribed'],
  linkedin: ['linkedin_visit', 'linkedin_like', 'linkedin_follow', 'linkedin_invite', 'linkedin_invite_accepted', 'linkedin_message', 'linkedin_in_mail', 'linkedin_replied'],
  summary: ['sent', 'opened', 'replied', 'bounced', 'linkedin_invite', 'linkedin_invite_accepted', 'linkedin_replied'],
};
