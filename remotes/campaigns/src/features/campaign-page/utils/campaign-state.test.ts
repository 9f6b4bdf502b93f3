import { readCampaignId, readSection, stateActions } from './campaign-state';

describe('the campaign page header and address', () => {
  it('offers the actions the status allows to someone who may change the campaign', () => {
    expect(stateActions('new', true)).toEqual(['start']);
    expect(stateActions('active', true)).toEqual(['pause', 'complete']);
    expect(stateActions('pause', true)).toEqual(['resume', 'complete']);
    expect(stateActions('completed', true)).toEqual(['archive']);
    expect(stateActions('archived', true)).toEqual(['unarchive']);
    expect(stateActions('active', false)).toEqual([]);
  });

  it('opens the statistics by default and refuses an unknown section', () => {
    expect(readSection(undefined)).toBe('statistics');
    expect(readSection('recipients')).toBe('recipients');
    expect(readSection('nope')).toBeNull();
  });

  it('reads only a positive whole id from the address', () => {
    expect(readCampaignId('15')).toBe(15);
    expect(readCampaignId('0')).toBeNull();
    expect(readCampaignId('1e3')).toBeNull();
    expect(readCampaignId('-2')).toBeNull();
    expect(readCampaignId(undefined)).toBeNull();
  });
});
