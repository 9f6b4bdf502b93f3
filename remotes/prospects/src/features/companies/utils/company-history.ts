/**
 * Turns the entries of /companies/get-history into what the history view says. The server records
 * an action and free-form details ({ listId, name, count, from, to }); the view needs a sentence
 * with the list names. (The server picks one list's entries: /companies/get-history {listId}.)
 */

export interface CompanyHistoryEntry {
  id: number;
  action: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** Actions the server records (api/src/modules/prospects/companies/service.ts and lists/service.ts); anything newer reads as "other". */
export const COMPANY_HISTORY_ACTIONS = [
  'list_created',
  'list_renamed',
  'list_deleted',
  'companies_added',
  'companies_moved',
  'companies_removed',
  'companies_deleted',
] as const;
export type CompanyHistoryAction = (typeof COMPANY_HISTORY_ACTIONS)[number];

export interface HistoryLine {
  /** The i18n key under `companies.history.actions`. */
  action: CompanyHistoryAction | 'other';
  values: { list: string; from: string; to: string; count: number; name: string; action: string };
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Names of lists by id: the current lists first, then the last name a list had in the history
 * (created or renamed; a deleted list is no longer among the current ones), else "#id".
 */
export function listNamesFrom(current: { id: number; listName: string }[], entries: CompanyHistoryEntry[]): Map<number, string> {
  const names = new Map<number, string>();
  // Entries come newest first: replay them oldest first so the latest name wins.
  for (const entry of [...entries].reverse()) {
    const id = numberOf(entry.details.listId);
    const named = entry.action === 'list_created' || entry.action === 'list_renamed';
    if (id !== null && named && typeof entry.details.name === 'string') names.set(id, entry.details.name);
  }
  for (const list of current) names.set(list.id, list.listName);
  return names;
}

export function historyLine(entry: CompanyHistoryEntry, names: Map<number, string>): HistoryLine {
  const nameOf = (value: unknown) => {
    const id = numberOf(value);
    return id === null ? '' : (names.get(id) ?? `#${id}`);
  };
  const known = (COMPANY_HISTORY_ACTIONS as readonly string[]).includes(entry.action);
  return {
    action: known ? (entry.action as CompanyHistoryAction) : 'other',
    values: {
      list: nameOf(entry.details.listId),
      from: nameOf(entry.details.from),
      to: nameOf(entry.details.to),
      count: numberOf(entry.details.count) ?? 0,
      name: typeof entry.details.name === 'string' ? entry.details.name : '',
      action: entry.action,
    },
  };
}
