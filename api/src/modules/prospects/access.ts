/**
 * Who the caller is to the prospects area: their team and how much of it they see (document 1
 * §6 through contracts/rules/permissions), and the viewer class of a record's owner.
 */
import { teamRecordsMode, viewerClass, type TeamFacts, type TeamRecordsMode, type ViewerClass } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { AccountService } from '../account/service';
import { teamFactsOf } from '../account/service';
import * as repo from './repository';

export interface ProspectsActor {
  userId: number;
  accountId: number;
  teamId: number | null;
  team: TeamFacts;
  mode: TeamRecordsMode;
  /** User ids of the team (the caller included); just the caller for a solo user. */
  teamUserIds: number[];
}

export async function actorOf(db: Db, accounts: AccountService, userId: number): Promise<ProspectsActor> {
  const context = await accounts.context(userId);
  const team = teamFactsOf(context);
  const teamId = context.teamId ?? null;
  const teamUserIds = teamId === null ? [userId] : await repo.teamUserIds(db, teamId);
  return { userId, accountId: context.user.accountId, teamId, team, mode: teamRecordsMode(team), teamUserIds };
}

/** Owners whose lists and records the caller may browse: the team for lead and view-all, else self. */
export function browsableOwners(actor: ProspectsActor): number[] {
  return actor.mode === 'viewAll' ? actor.teamUserIds : [actor.userId];
}

export function classOf(actor: ProspectsActor, ownerUserId: number): ViewerClass {
  return viewerClass(actor.team, {
    isNew: false,
    isOwn: ownerUserId === actor.userId,
    isTeamRecord: actor.teamUserIds.includes(ownerUserId),
  });
}

/** A list the caller may read (own, or a teammate's for lead and view-all), else list_not_found. */
export async function readableList(db: Db, actor: ProspectsActor, listId: number, type = 'prospect') {
  return readableListRow(actor, await repo.listById(db, listId), type);
}

/** readableList for a list row read already (alongside the actor). */
export function readableListRow(actor: ProspectsActor, list: repo.ListRow | undefined, type = 'prospect'): repo.ListRow {
  if (!list || list.type !== type || !browsableOwners(actor).includes(list.userId)) throw new DomainError('list_not_found');
  return list;
}

/** A list the caller owns, else list_not_found (another member's list is never written to). */
export async function ownList(db: Db, actor: Pick<ProspectsActor, 'userId'>, listId: number, type = 'prospect', allowDeleted = false) {
  const list = await repo.listById(db, listId);
  if (!list || list.type !== type || list.userId !== actor.userId || (!allowDeleted && list.deletedAt)) throw new DomainError('list_not_found');
  return list;
}

/**
 * A prospect the caller may open: their own, or a teammate's (shown with the cells the viewer
 * class allows). Another account's prospect is not found.
 */
export async function readableProspect(db: Db, actor: ProspectsActor, prospectId: number) {
  const prospect = await repo.prospectById(db, prospectId);
  if (!prospect) throw new DomainError('not_found');
  if (prospect.userId !== actor.userId && !actor.teamUserIds.includes(prospect.userId)) throw new DomainError('not_found');
  return { prospect, viewer: classOf(actor, prospect.userId) };
}
