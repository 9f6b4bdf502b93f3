/**
 * Reconciliation of the saved prospects-table layout (document 1 §4): the saved layout is replaced
 * by the server defaults when the set of non-custom columns changed, when it is older than its
 * cache life, or when it belongs to another account.
 */
import { CACHE } from '../constants';
import type { ProspectColumnsSettings } from '../prospects';

const CUSTOM_COLUMN = /^custom_\d+$/;

function standardColumnSet(settings: Pick<ProspectColumnsSettings, 'columns'>): string {
  return settings.columns
    .map((column) => column.key)
    .filter((key) => !CUSTOM_COLUMN.test(key))
    .sort()
    .join(',');
}

export function needsColumnsReconcile(
  saved: ProspectColumnsSettings | null,
  serverDefaults: Pick<ProspectColumnsSettings, 'columns'>,
  accountId: number,
  now: Date,
): boolean {
  if (!saved) return true;
  if (saved.accountId !== accountId) return true;
  if (now.getTime() - Date.parse(saved.savedAt) > CACHE.prospectColumnsMs) return true;
  return standardColumnSet(saved) !== standardColumnSet(serverDefaults);
}
