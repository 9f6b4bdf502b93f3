import { createStore } from 'jotai';
import { sessionFactsAtom, userInfoAtom } from './atoms';
import { unauthenticatedArea } from './areas';
import { deriveSessionFacts, viewerClassFor } from './facts';
import { anonymousUserInfo, buildUserInfo } from './test-user-info';

const solo = buildUserInfo();
const lead = buildUserInfo({
  account: { id: 1, isTeam: true, isLead: 1, hash: 'a' },
  team: { isLead: 1, group: null },
  pricingPlan: { name: 'XXL', isFreePlan: false, expired: false, willExpireDays: null, daysUntilExpirationLimits: null },
});
const viewAllByRole = buildUserInfo({ account: { id: 2, isTeam: true, isLead: 2, hash: 'b' }, team: { isLead: 2, group: null } });
const viewAllByGroup = buildUserInfo({
  account: { id: 3, isTeam: true, isLead: 0, hash: 'c' },
  team: { isLead: 0, group: 'Team records' },
});
const ownOnly = buildUserInfo({
  account: { id: 4, isTeam: true, isLead: 0, hash: 'd' },
  team: { isLead: 0, group: 'Only own record' },
});
const expired = buildUserInfo({
  pricingPlan: { name: 'DC', isFreePlan: false, expired: true, willExpireDays: 0, daysUntilExpirationLimits: 0 },
  locale: 'ua',
});
const twoFactorPending = buildUserInfo({ ...anonymousUserInfo(), twoFactorAuth: { isNeedAuth: true } });

describe('session facts derived from user-info', () => {
  it('a solo user on a mid plan', () => {
    expect(deriveSessionFacts(solo)).toMatchObject({
      isAnonymous: false,
      needsTwoFactor: false,
      userId: 10,
      accountKind: 'solo',
      teamRecordsMode: 'none',
      planName: 'ZB',
      planExpired: false,
      planDaysLeft: 20,
      // ZB denies invite_to_team for a non-team user.
      canInviteToTeam: false,
      canAccessBilling: true,
      isBiggestPlan: false,
      canBuyDomains: true,
      canFilterByOwner: true,
      allowGamification: true,
      isAllowSentimentalStuff: false,
      locale: 'en',
    });
  });

  it('a team lead on the biggest plan', () => {
    expect(deriveSessionFacts(lead)).toMatchObject({
      accountKind: 'teamLead',
      teamRecordsMode: 'viewAll',
      canInviteToTeam: true,
      canAccessBilling: true,
      isBiggestPlan: true,
      canBuyDomains: true,
      canFilterByOwner: true,
      planDaysLeft: null,
    });
  });

  it('a member who views all team records (isLead 2 or group "Team records")', () => {
    for (const info of [viewAllByRole, viewAllByGroup]) {
      expect(deriveSessionFacts(info)).toMatchObject({
        accountKind: 'teamMember',
        teamRecordsMode: 'viewAll',
        canInviteToTeam: false,
        canAccessBilling: false,
        canBuyDomains: false,
        canFilterByOwner: true,
      });
    }
  });

  it('a member limited to own records', () => {
    expect(deriveSessionFacts(ownOnly)).toMatchObject({
      accountKind: 'teamMember',
      teamRecordsMode: 'ownOnly',
      canInviteToTeam: false,
      canAccessBilling: false,
      canBuyDomains: false,
      canFilterByOwner: false,
    });
  });

  it('a user whose plan expired, speaking Ukrainian (API code ua)', () => {
    expect(deriveSessionFacts(expired)).toMatchObject({
      planExpired: true,
      planName: 'DC',
      canInviteToTeam: false,
      canAccessBilling: true,
      locale: 'uk',
    });
  });

  it('an anonymous visitor may do nothing that needs an account', () => {
    expect(deriveSessionFacts(anonymousUserInfo())).toMatchObject({
      isAnonymous: true,
      needsTwoFactor: false,
      userId: null,
      accountKind: 'solo',
      planName: null,
      planExpired: false,
      canInviteToTeam: false,
      canAccessBilling: false,
      isBiggestPlan: false,
      canBuyDomains: false,
      canFilterByOwner: false,
      allowGamification: false,
    });
    expect(deriveSessionFacts(null).isAnonymous).toBe(true);
  });

  it('a session waiting for the second factor is anonymous and needs 2FA', () => {
    expect(deriveSessionFacts(twoFactorPending)).toMatchObject({ isAnonymous: true, needsTwoFactor: true });
  });

  it('follows userInfoAtom in the store', () => {
    const store = createStore();
    expect(store.get(sessionFactsAtom).isAnonymous).toBe(true);
    store.set(userInfoAtom, lead);
    expect(store.get(sessionFactsAtom).accountKind).toBe('teamLead');
  });
});

describe('viewer class of a record', () => {
  it('classifies new, own, foreign and team records per role', () => {
    expect(viewerClassFor({ isNew: true }, deriveSessionFacts(solo))).toBe('new');
    expect(viewerClassFor({ ownerId: 10 }, deriveSessionFacts(solo))).toBe('own');
    expect(viewerClassFor({ ownerId: 99 }, deriveSessionFacts(solo))).toBe('foreign');
    expect(viewerClassFor({ ownerId: 99, isTeamRecord: true }, deriveSessionFacts(lead))).toBe('teamLead');
    expect(viewerClassFor({ ownerId: 99, isTeamRecord: true }, deriveSessionFacts(viewAllByGroup))).toBe('viewAllTeamRecords');
    expect(viewerClassFor({ ownerId: 99, isTeamRecord: true }, deriveSessionFacts(ownOnly))).toBe('viewOnlyOwnRecordsOnTeam');
    expect(viewerClassFor({ ownerId: 4, isTeamRecord: true }, deriveSessionFacts(ownOnly))).toBe('own');
    expect(viewerClassFor({ ownerId: 99, isTeamRecord: true }, deriveSessionFacts(null))).toBe('foreign');
  });
});

describe('unauthenticated area (document 1 §2)', () => {
  const signedIn = deriveSessionFacts(solo);
  it('is shown for 2FA pending, no user hash, an unnamed route or a public route', () => {
    expect(unauthenticatedArea('home', deriveSessionFacts(twoFactorPending), false)).toBe(true);
    expect(unauthenticatedArea('home', deriveSessionFacts(anonymousUserInfo()), false)).toBe(true);
    expect(unauthenticatedArea(undefined, signedIn, false)).toBe(true);
    expect(unauthenticatedArea('', signedIn, false)).toBe(true);
    expect(unauthenticatedArea('clearEmail', signedIn, true)).toBe(true);
  });

  it('is not shown for a signed-in user on a named private route', () => {
    expect(unauthenticatedArea('home', signedIn, false)).toBe(false);
  });
});
