import { useSessionFacts } from '@leadforge/session';
import { readId, useTableParams } from '@leadforge/ui';

/** The search parameter that names whose mailbox is shown, so a shared link opens the same one. */
export const OWNER_PARAM = 'forUserId';

export type MailboxOwner = {
  /** Whether the caller may read a teammate's unibox (a lead or a view-all member, document 1 §6). */
  canChoose: boolean;
  /** The member whose unibox is shown; undefined for the caller's own. */
  forUserId: number | undefined;
  setForUserId(next: number | undefined): void;
};

/**
 * Whose unibox every call reads and acts on. A plain member never sends `forUserId`, even from a
 * link that carries one: the server would refuse it and the screen would show only an error.
 */
export function useMailboxOwner(): MailboxOwner {
  const facts = useSessionFacts();
  const [params, update] = useTableParams();
  const canChoose = facts.team.isTeam && facts.teamRecordsMode === 'viewAll';
  const chosen = readId(params, OWNER_PARAM);
  const forUserId = canChoose && chosen !== null && chosen !== facts.userId ? chosen : undefined;
  return { canChoose, forUserId, setForUserId: (next) => update({ [OWNER_PARAM]: next }) };
}

/** `{ forUserId }` when set, nothing otherwise: strict schemas refuse an explicit undefined nowhere, but URLs stay short. */
export const ownerPart = (forUserId: number | undefined) => (forUserId === undefined ? {} : { forUserId });
