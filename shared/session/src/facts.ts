import {
  accountKind,
  canAccessBilling,
  canBuyDomains,
  canFilterByOwner,
  canInviteToTeam,
  fromApiLocale,
  isBiggestPlan,
  teamRecordsMode,
  viewerClass,
  type AccountKind,
  type Locale,
  type TeamFacts,
  type TeamRecordsMode,
  type UserInfo,
  type ViewerClass,
} from '@leadforge/contracts';

/** What the shell and the remotes decide on, derived once from user-info with contracts' rules. */
export interface SessionFacts {
  /** No user hash: a visitor, or a session still owing the second factor. */
  isAnonymous: boolean;
  needsTwoFactor: boolean;
  userId: number | null;
  accountKind: AccountKind;
  teamRecordsMode: TeamRecordsMode;
  /** The team facts the pure permission rules take. */
  team: TeamFacts;
  planName: string | null;
  isFreePlan: boolean;
  planExpired: boolean;
  /** Days until the plan (or trial) ends; null when it does not end. */
  planDaysLeft: number | null;
  canInviteToTeam: boolean;
  canAccessBilling: boolean;
  isBiggestPlan: boolean;
  canBuyDomains: boolean;
  canFilterByOwner: boolean;
  allowGamification: boolean;
  isAllowSentimentalStuff: boolean;
  isAdminLogin: boolean;
  /** A path the shell must go to first (e.g. complete-user-registration after Google sign-in). */
  redirect: string | null;
  locale: Locale;
}

function teamFactsOf(userInfo: UserInfo | null): TeamFacts {
  return {
    isTeam: userInfo?.account?.isTeam ?? false,
    // The account carries the role; the team block repeats it and is the fallback.
    isLead: userInfo?.account?.isLead ?? userInfo?.team?.isLead ?? 0,
    group: userInfo?.team?.group ?? null,
  };
}

export function deriveSessionFacts(userInfo: UserInfo | null): SessionFacts {
  const isAnonymous = !userInfo?.userHashId;
  const team = teamFactsOf(userInfo);
  const plan = userInfo?.pricingPlan ?? null;
  const planFacts = { name: plan?.name ?? '', isFreePlan: plan?.isFreePlan ?? false, expired: plan?.expired ?? false };
  // A visitor may do nothing that needs an account, whatever the pure rules say about "solo".
  const signedIn = !isAnonymous;
  return {
    isAnonymous,
    needsTwoFactor: userInfo?.twoFactorAuth.isNeedAuth ?? false,
    userId: userInfo?.account?.id ?? null,
    accountKind: accountKind(team),
    teamRecordsMode: teamRecordsMode(team),
    team,
    planName: plan?.name ?? null,
    isFreePlan: planFacts.isFreePlan,
    planExpired: signedIn && planFacts.expired,
    planDaysLeft: plan?.willExpireDays ?? null,
    canInviteToTeam: signedIn && plan !== null && canInviteToTeam(planFacts, team),
    canAccessBilling: signedIn && canAccessBilling(team),
    isBiggestPlan: signedIn && plan !== null && isBiggestPlan(planFacts),
    canBuyDomains: signedIn && canBuyDomains(team),
    canFilterByOwner: signedIn && canFilterByOwner(team),
    allowGamification: signedIn && (userInfo?.allowGamification ?? false),
    isAllowSentimentalStuff: userInfo?.isAllowSentimentalStuff ?? false,
    isAdminLogin: userInfo?.isAdminLogin ?? false,
    redirect: userInfo?.redirect ?? null,
    locale: fromApiLocale(userInfo?.locale),
  };
}

/** Who owns a record, as a screen knows it. */
export interface RecordOwnership {
  /** The record is being created and has no id yet. */
  isNew?: boolean;
  /** The user id of the record's owner (the list owner for prospects). */
  ownerId?: number | null;
  /** The record belongs to a list of another member of the viewer's team. */
  isTeamRecord?: boolean;
}

/** The viewer class of document 1 §6 for a record, for `prospectAccess(element, viewerClass)`. */
export function viewerClassFor(record: RecordOwnership, facts: SessionFacts): ViewerClass {
  const isNew = record.isNew ?? false;
  const isOwn = !isNew && facts.userId !== null && record.ownerId === facts.userId;
  return viewerClass(facts.team, { isNew, isOwn, isTeamRecord: !isOwn && (record.isTeamRecord ?? false) });
}
