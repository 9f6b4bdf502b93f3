/** The prospects table's layout (document 1 §4): the caller's saved columns and sort, the server defaults, the table's options. */
import {
  EMAIL_VERIFICATION_STATUSES,
  LINKEDIN_FILTERS,
  PAGE_SIZES,
  PROSPECT_DEFAULT_COLUMNS,
  PROSPECT_SORT_FIELDS,
  PROSPECT_TABLE_COLUMNS,
  PROSPECTS_DEFAULT_SORT,
  TAGS_FILTER_MODES,
  type ProspectColumnsSettings,
} from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { scopeOf, type Caller } from '../../account/caller';
import * as repo from './repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function defaultColumns(accountId: number): ProspectColumnsSettings {
  return {
    columns: PROSPECT_TABLE_COLUMNS.map((key, position) => ({
      key,
      active: (PROSPECT_DEFAULT_COLUMNS as readonly string[]).includes(key),
      position,
      width: null,
    })),
    sort: { ...PROSPECTS_DEFAULT_SORT },
    accountId,
    savedAt: new Date().toISOString(),
  };
}

export class ColumnsService {
  constructor(private readonly db: Db) {}

  async columns(caller: Caller) {
    const row = await repo.columnSettingsOf(this.db, scopeOf(caller));
    const settings = row ? ({ columns: row.settings.columns, sort: row.settings.sort, accountId: row.accountId, savedAt: iso(row.savedAt) } as ProspectColumnsSettings) : null;
    return { settings, defaults: defaultColumns(caller.accountId) };
  }

  async saveColumns(caller: Caller, input: Pick<ProspectColumnsSettings, 'columns' | 'sort'>): Promise<ProspectColumnsSettings> {
    const row = await repo.saveColumnSettings(this.db, scopeOf(caller), { settings: input, savedAt: new Date() });
    return { columns: input.columns, sort: input.sort, accountId: row.accountId, savedAt: iso(row.savedAt) };
  }

  searchOptions() {
    return {
      emailStatuses: [...EMAIL_VERIFICATION_STATUSES, 'no_email'],
      sortFields: [...PROSPECT_SORT_FIELDS],
      tagsFilterModes: [...TAGS_FILTER_MODES],
      linkedinFilters: [...LINKEDIN_FILTERS],
      perPage: PAGE_SIZES.prospects,
    };
  }
}
