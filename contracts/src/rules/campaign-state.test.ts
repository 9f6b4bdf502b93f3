import { CAMPAIGN_STATE_ACTIONS, CAMPAIGN_STATUSES } from '../campaigns';
import { campaignStateActions, campaignStateChange } from './campaign-state';

describe('the campaign state rules', () => {
  it('launches only a new campaign, and pauses, resumes and completes a running one', () => {
    expect(campaignStateChange('new', 'start')).toEqual({ kind: 'launch' });
    expect(campaignStateChange('active', 'pause')).toEqual({ kind: 'move', to: 'pause', after: 'paused' });
    expect(campaignStateChange('pause', 'resume')).toEqual({ kind: 'move', to: 'active', after: 'resumed' });
    expect(campaignStateChange('pause', 'start')).toEqual({ kind: 'move', to: 'active', after: 'resumed' });
    // Completing an active campaign holds its queued work; a paused one holds it already.
    expect(campaignStateChange('active', 'complete')).toEqual({ kind: 'move', to: 'completed', after: 'paused' });
    expect(campaignStateChange('pause', 'complete')).toEqual({ kind: 'move', to: 'completed', after: null });
    expect(campaignStateChange('active', 'start')).toEqual({ kind: 'unchanged' });
    expect(campaignStateChange('pause', 'pause')).toEqual({ kind: 'unchanged' });
    expect(campaignStateChange('completed', 'resume')).toEqual({ kind: 'invalid' });
  });

  it('archives only a completed campaign and unarchives it back to completed, never to a running state', () => {
    expect(campaignStateChange('completed', 'archive')).toEqual({ kind: 'move', to: 'archived', after: null });
    expect(campaignStateChange('archived', 'unarchive')).toEqual({ kind: 'move', to: 'completed', after: null });
    expect(campaignStateChange('archived', 'archive')).toEqual({ kind: 'unchanged' });
    for (const status of ['new', 'active', 'pause'] as const)
      expect(campaignStateChange(status, 'archive')).toEqual({ kind: 'invalid' });
    for (const status of ['new', 'active', 'pause', 'completed'] as const)
      expect(campaignStateChange(status, 'unarchive')).toEqual({ kind: 'invalid' });
    for (const action of ['start', 'resume', 'pause', 'complete'] as const)
      expect(campaignStateChange('archived', action).kind).toBe('invalid');
  });

  it('offers exactly the actions that change something', () => {
    expect(campaignStateActions('new')).toEqual(['start']);
    expect(campaignStateActions('active')).toEqual(['pause', 'complete']);
    expect(campaignStateActions('pause')).toEqual(['start', 'resume', 'complete']);
    expect(campaignStateActions('completed')).toEqual(['archive']);
    expect(campaignStateActions('archived')).toEqual(['unarchive']);
    for (const status of CAMPAIGN_STATUSES) {
      for (const action of CAMPAIGN_STATE_ACTIONS) {
        const kind = campaignStateChange(status, action).kind;
        expect(campaignStateActions(status).includes(action)).toBe(kind === 'launch' || kind === 'move');
      }
    }
  });
});
