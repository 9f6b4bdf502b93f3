import {
  accountKind,
  canAccessBilling,
  canBuyDomains,
  canFilterByOwner,
  canInviteToTeam,
  isAllowedWhenExpired,
  isBiggestPlan,
  prospectAccess,
  teamRecordsMode,
  viewerClass,
  type Access,
  type ProspectElement,
  type ViewerClass,
} from './permissions';

const solo = { isTeam: false, isLead: 0, group: null };
const lead = { isTeam: true, isLead: 1, group: null };
const viewAllByIsLead = { isTeam: true, isLead: 2, group: null };
const viewAllByGroup = { isTeam: true, isLead: 0, group: 'Team records' };
const ownOnly = { isTeam: true, isLead: 0, group: 'Only own record' };

describe('account kinds and team records modes (document 1 §6)', () => {
  it('tells solo, team member and team lead apart', () => {
    expect(accountKind(solo)).toBe('solo');
    expect(accountKind(lead)).toBe('teamLead');
    expect(accountKind(ownOnly)).toBe('teamMember');
  });
  it('grants view-all by isLead 2 or the Team records group and own-only by Only own record', () => {
    expect(teamRecordsMode(viewAllByIsLead)).toBe('viewAll');
    expect(teamRecordsMode(viewAllByGroup)).toBe('viewAll');
    expect(teamRecordsMode(ownOnly)).toBe('ownOnly');
    expect(teamRecordsMode(solo)).toBe('none');
    expect(teamRecordsMode(lead)).toBe('viewAll');
  });
});

describe('viewer class of a prospect', () => {
  it.each([
    [solo, { isNew: true, isOwn: false, isTeamRecord: false }, 'new'],
    [solo, { isNew: false, isOwn: true, isTeamRecord: false }, 'own'],
    [solo, { isNew: false, isOwn: false, isTeamRecord: false }, 'foreign'],
    [lead, { isNew: false, isOwn: false, isTeamRecord: true }, 'teamLead'],
    [viewAllByGroup, { isNew: false, isOwn: false, isTeamRecord: true }, 'viewAllTeamRecords'],
    [ownOnly, { isNew: false, isOwn: false, isTeamRecord: true }, 'viewOnlyOwnRecordsOnTeam'],
    [lead, { isNew: false, isOwn: false, isTeamRecord: false }, 'foreign'],
  ] as const)('%o viewing %o is %s', (viewer, record, expected) => {
    expect(viewerClass(viewer, record)).toBe(expected);
  });
});

const classes: ViewerClass[] = ['own', 'new', 'teamLead', 'viewAllTeamRecords', 'viewOnlyOwnRecordsOnTeam', 'foreign'];

/** Every row of the table of document 1 §6, one column per viewer class in the order above. */
const table: Record<ProspectElement, Access[]> = {
  names: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  tags: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  socialLinks: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  industry: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  country: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  locality: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  companies: ['edit', 'edit', 'view', 'view', 'view', 'view'],
  emails: ['edit', 'edit', 'view', 'view', 'limited', 'limited'],
  phones: ['edit', 'edit', 'view', 'view', 'hidden', 'hidden'],
  customFields: ['edit', 'edit', 'hidden', 'hidden', 'hidden', 'hidden'],
  customGroupTabs: ['edit', 'edit', 'hidden', 'hidden', 'hidden', 'hidden'],
  teamCustomFields: ['edit', 'edit', 'view', 'view', 'view', 'hidden'],
  deals: ['edit', 'edit', 'view', 'view', 'hidden', 'hidden'],
  duplicates: ['edit', 'edit', 'hidden', 'hidden', 'hidden', 'hidden'],
  contextMenu: ['edit', 'edit', 'hidden', 'hidden', 'hidden', 'hidden'],
  groupsMenu: ['edit', 'edit', 'hidden', 'hidden', 'hidden', 'hidden'],
  mood: ['edit', 'hidden', 'view', 'view', 'view', 'hidden'],
};

describe('prospect element access, cell by cell', () => {
  for (const [element, row] of Object.entries(table) as [ProspectElement, Access[]][]) {
    it.each(classes.map((viewer, index) => [viewer, row[index]]))(`${element} for %s is %s`, (viewer, expected) => {
      expect(prospectAccess(element, viewer as ViewerClass)).toBe(expected);
    });
  }
});

describe('plan rules', () => {
  const plan = (name: string, expired = false) => ({ name, isFreePlan: false, expired });
  it.each(['XS', 'DC', 'ZB', 'ZB2', 'ZB3'])('denies invite_to_team to a solo user on %s', (name) => {
    expect(canInviteToTeam(plan(name), solo)).toBe(false);
  });
  it('allows a team lead to invite on DC, ZB, ZB2, ZB3 but not on XS', () => {
    for (const name of ['DC', 'ZB', 'ZB2', 'ZB3']) expect(canInviteToTeam(plan(name), lead)).toBe(true);
    expect(canInviteToTeam(plan('XS'), lead)).toBe(false);
  });
  it('allows invite_to_team on XXL and refuses it on an expired plan', () => {
    expect(canInviteToTeam(plan('XXL'), solo)).toBe(true);
    expect(canInviteToTeam(plan('XXL', true), solo)).toBe(false);
  });
  it('grants access_billing to non-team users and team leads only', () => {
    expect(canAccessBilling(solo)).toBe(true);
    expect(canAccessBilling(lead)).toBe(true);
    expect(canAccessBilling(viewAllByGroup)).toBe(false);
    expect(canAccessBilling(ownOnly)).toBe(false);
  });
  it('detects XXL as the biggest plan', () => {
    expect(isBiggestPlan({ name: 'XXL' })).toBe(true);
    expect(isBiggestPlan({ name: 'ZB3' })).toBe(false);
  });
  it('lets only solo users and team leads buy domains', () => {
    expect(canBuyDomains(solo)).toBe(true);
    expect(canBuyDomains(lead)).toBe(true);
    expect(canBuyDomains(viewAllByIsLead)).toBe(false);
  });
  it('hides the campaigns owner filter from own-only members', () => {
    expect(canFilterByOwner(ownOnly)).toBe(false);
    expect(canFilterByOwner(viewAllByGroup)).toBe(true);
  });
  it('keeps expired users on the allowed routes only', () => {
    expect(isAllowedWhenExpired('/home')).toBe(true);
    expect(isAllowedWhenExpired('/account/billing/')).toBe(true);
    expect(isAllowedWhenExpired('/prospects/all')).toBe(false);
  });
});
