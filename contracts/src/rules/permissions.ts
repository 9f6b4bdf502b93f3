/**
 * Roles and permissions of document 1 §6, as one pure module. The API enforces it on every call
 * and the front end (through @leadforge/session) uses it to decide what to show, so the two
 * can never disagree.
 */
import { BIGGEST_PLAN, type PlanName, type TeamGroup } from '../constants';

export type AccountKind = 'solo' | 'teamMember' | 'teamLead';
/** How much of the team's records a user sees. `none` for solo users. */
export type TeamRecordsMode = 'viewAll' | 'ownOnly' | 'none';

export interface TeamFacts {
  /** Whether the account belongs to a team. */
  isTeam: boolean;
  /** 1 = lead, 2 = member who views all team records, 0 = plain member. */
  isLead: number;
  group: TeamGroup | string | null;
}

export function accountKind(facts: TeamFacts): AccountKind {
  if (!facts.isTeam) return 'solo';
  return facts.isLead === 1 ? 'teamLead' : 'teamMember';
}

/** View all = isLead 2 or group 'Team records'; own only = group 'Only own record'. */
export function teamRecordsMode(facts: TeamFacts): TeamRecordsMode {
  const kind = accountKind(facts);
  if (kind === 'solo') return 'none';
  if (kind === 'teamLead') return 'viewAll';
  if (facts.isLead === 2 || facts.group === 'Team records') return 'viewAll';
  if (facts.group === 'Only own record') return 'ownOnly';
  // A member without a recognised group sees only their own records: the safe default.
  return 'ownOnly';
}

export type ViewerClass = 'own' | 'teamLead' | 'viewAllTeamRecords' | 'viewOnlyOwnRecordsOnTeam' | 'foreign' | 'new';

export interface RecordFacts {
  /** The record has no id yet (being created). */
  isNew: boolean;
  /** The record is in one of the viewer's own lists. */
  isOwn: boolean;
  /** The record belongs to the viewer's team (another member's list). */
  isTeamRecord: boolean;
}

export function viewerClass(viewer: TeamFacts, record: RecordFacts): ViewerClass {
  if (record.isNew) return 'new';
  if (record.isOwn) return 'own';
  if (!record.isTeamRecord) return 'foreign';
  const kind = accountKind(viewer);
  if (kind === 'teamLead') return 'teamLead';
  if (kind === 'solo') return 'foreign';
  return teamRecordsMode(viewer) === 'viewAll' ? 'viewAllTeamRecords' : 'viewOnlyOwnRecordsOnTeam';
}

/**
 * edit: may change; view: may read; limited: emails of foreign and own-only viewers (view plus
 * the add-to-list title only); hidden: not sent by the API, not rendered.
 */
export type Access = 'edit' | 'view' | 'limited' | 'hidden';

export type ProspectElement =
  | 'names'
  | 'tags'
  | 'socialLinks'
  | 'industry'
  | 'country'
  | 'locality'
  | 'companies'
  | 'emails'
  | 'phones'
  | 'customFields'
  | 'teamCustomFields'
  | 'customGroupTabs'
  | 'deals'
  | 'duplicates'
  | 'contextMenu'
  | 'groupsMenu'
  | 'mood';

export const PROSPECT_ELEMENTS: readonly ProspectElement[] = [
  'names',
  'tags',
  'socialLinks',
  'industry',
  'country',
  'locality',
  'companies',
  'emails',
  'phones',
  'customFields',
  'teamCustomFields',
  'customGroupTabs',
  'deals',
  'duplicates',
  'contextMenu',
  'groupsMenu',
  'mood',
];

const TEAM_ROLES: readonly ViewerClass[] = ['teamLead', 'viewAllTeamRecords', 'viewOnlyOwnRecordsOnTeam'];
const editsAll = (viewer: ViewerClass) => viewer === 'own' || viewer === 'new';

/** The table of document 1 §6, cell by cell. */
export function prospectAccess(element: ProspectElement, viewer: ViewerClass): Access {
  switch (element) {
    case 'names':
    case 'tags':
    case 'socialLinks':
    case 'industry':
    case 'country':
    case 'locality':
    case 'companies':
      return editsAll(viewer) ? 'edit' : 'view';
    case 'emails':
      if (editsAll(viewer)) return 'edit';
      if (viewer === 'teamLead' || viewer === 'viewAllTeamRecords') return 'view';
      return 'limited';
    case 'phones':
      if (editsAll(viewer)) return 'edit';
      if (viewer === 'teamLead' || viewer === 'viewAllTeamRecords') return 'view';
      return 'hidden';
    case 'customFields':
    case 'customGroupTabs':
      // The viewer's own fields: edited on own and new records; not shown on others' records.
      return editsAll(viewer) ? 'edit' : 'hidden';
    case 'teamCustomFields':
      // Team (member) fields: view only for team roles, editable by the record's owner.
      if (editsAll(viewer)) return 'edit';
      return TEAM_ROLES.includes(viewer) ? 'view' : 'hidden';
    case 'deals':
      if (editsAll(viewer)) return 'edit';
      if (viewer === 'teamLead' || viewer === 'viewAllTeamRecords') return 'view';
      return 'hidden';
    case 'duplicates':
    case 'contextMenu':
    case 'groupsMenu':
      return editsAll(viewer) ? 'edit' : 'hidden';
    case 'mood':
      // Shown to team roles and the owner, never on a record being created. The owner sets it.
      if (viewer === 'own') return 'edit';
      if (TEAM_ROLES.includes(viewer)) return 'view';
      return 'hidden';
  }
}

export function canEdit(element: ProspectElement, viewer: ViewerClass): boolean {
  return prospectAccess(element, viewer) === 'edit';
}
export function canSee(element: ProspectElement, viewer: ViewerClass): boolean {
  return prospectAccess(element, viewer) !== 'hidden';
}

export interface PlanFacts {
  name: PlanName | string;
  isFreePlan: boolean;
  expired: boolean;
}

const INVITE_DENIED_PLANS: readonly string[] = ['XS', 'DC', 'ZB', 'ZB2', 'ZB3'];

/** invite_to_team: denied on XS, DC, ZB, ZB2, ZB3; a team user is allowed unless the plan is XS. */
export function canInviteToTeam(plan: PlanFacts, team: TeamFacts): boolean {
  if (plan.expired) return false;
  if (plan.name === 'XS') return false;
  if (team.isTeam) return accountKind(team) === 'teamLead';
  return !INVITE_DENIED_PLANS.includes(plan.name);
}

/** access_billing: non-team users or team leads. */
export function canAccessBilling(team: TeamFacts): boolean {
  return !team.isTeam || team.isLead === 1;
}

export function isBiggestPlan(plan: Pick<PlanFacts, 'name'>): boolean {
  return plan.name === BIGGEST_PLAN;
}

/** Only solo users or team leads may enter mailbox setup (buying domains). */
export function canBuyDomains(team: TeamFacts): boolean {
  const kind = accountKind(team);
  return kind === 'solo' || kind === 'teamLead';
}

/** The campaigns list hides the owner filter from members limited to their own records. */
export function canFilterByOwner(team: TeamFacts): boolean {
  return teamRecordsMode(team) !== 'ownOnly';
}

/**
 * Routes a user whose plan expired may still open; everything else sends them to /home.
 * Chosen so an expired user can read the home page, pay, manage the account and sign out.
 */
export const EXPIRED_PLAN_ALLOWED_ROUTES: readonly string[] = [
  '/home',
  '/pricing-plans',
  '/pricing-plans/charging',
  '/account/profile',
  '/account/billing',
  '/account/team',
  '/continue-free-trial',
  '/team/leave-team',
  '/logout',
  '/lang-change',
  '/request-feature',
  '/error/500',
];

export function isAllowedWhenExpired(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return EXPIRED_PLAN_ALLOWED_ROUTES.some((allowed) => path === allowed || path.startsWith(`${allowed}/`));
}
