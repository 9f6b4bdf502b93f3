import { campaignHref, stateActionsOf } from './campaigns-table';

describe('the campaigns list rows', () => {
  it('offers the state changes each status allows, archive for a completed campaign and unarchive for an archived one', () => {
    expect(stateActionsOf({ status: 'new' })).toEqual([]);
    expect(stateActionsOf({ status: 'active' })).toEqual(['pause', 'complete']);
    expect(stateActionsOf({ status: 'pause' })).toEqual(['resume', 'complete']);
    expect(stateActionsOf({ status: 'completed' })).toEqual(['archive']);
    expect(stateActionsOf({ status: 'archived' })).toEqual(['unarchive']);
  });

  it('leads a draft to its wizard step and any other campaign to its page', () => {
    expect(campaignHref({ campaignId: 4, status: 'archived', creationStep: 'review' })).toBe('/campaigns/4');
  });
});
