/**
 * The campaign's state machine (set-state, document 2 §7.6; statuses of CAMPAIGN_STATUSES), in
 * one place for the API (what a set-state does) and the campaign screens (which actions to offer):
 *
 *   new ─start─▶ active ─pause─▶ pause ─resume/start─▶ active
 *   active | pause ─complete─▶ completed ─archive─▶ archived ─unarchive─▶ completed
 *
 * Archiving is for finished campaigns only: a paused campaign still holds its queued mail and
 * LinkedIn actions for a resume, so it is completed first (which holds them for good) and then
 * archived. An archived campaign sends nothing — the executor claims recipients of active
 * campaigns only — and unarchiving gives back a completed campaign, never a running one.
 * Completed campaigns are also archived by the `campaigns.archive` job `archivedInMonth` months
 * after completion (0 = never); a user's unarchive restarts that clock.
 */
import type { CampaignStateAction, CampaignStatus } from '../campaigns';

/** What a set-state does: the new status and the executor hook to call after the commit. */
export type CampaignStateChange =
  | { kind: 'launch' }
  | { kind: 'move'; to: CampaignStatus; after: 'paused' | 'resumed' | null }
  /** The campaign already is where the action leads (starting an active one, pausing a paused one…). */
  | { kind: 'unchanged' }
  | { kind: 'invalid' };

export function campaignStateChange(status: CampaignStatus, action: CampaignStateAction): CampaignStateChange {
  switch (action) {
    case 'start':
      if (status === 'new') return { kind: 'launch' };
      if (status === 'pause') return { kind: 'move', to: 'active', after: 'resumed' };
      return status === 'active' ? { kind: 'unchanged' } : { kind: 'invalid' };
    case 'resume':
      if (status === 'pause') return { kind: 'move', to: 'active', after: 'resumed' };
      return status === 'active' ? { kind: 'unchanged' } : { kind: 'invalid' };
    case 'pause':
      if (status === 'active') return { kind: 'move', to: 'pause', after: 'paused' };
      return status === 'pause' ? { kind: 'unchanged' } : { kind: 'invalid' };
    case 'complete':
      // Completing holds what the campaign queued and never sends it (nothing resumes a completed campaign).
      if (status === 'active') return { kind: 'move', to: 'completed', after: 'paused' };
      if (status === 'pause') return { kind: 'move', to: 'completed', after: null };
      return { kind: 'invalid' };
    case 'archive':
      if (status === 'completed') return { kind: 'move', to: 'archived', after: null };
      return status === 'archived' ? { kind: 'unchanged' } : { kind: 'invalid' };
    case 'unarchive':
      if (status === 'archived') return { kind: 'move', to: 'completed', after: null };
      return { kind: 'invalid' };
  }
}

/** The set-state actions a campaign in this status offers (the list's and the page's menus). */
export function campaignStateActions(status: CampaignStatus): CampaignStateAction[] {
  const actions: CampaignStateAction[] = ['start', 'pause', 'resume', 'complete', 'archive', 'unarchive'];
  return actions.filter((action) => {
    const change = campaignStateChange(status, action);
    return change.kind === 'launch' || change.kind === 'move';
  });
}
