/**
 * The prospects table layout (document 1 §3 columns, §4 reconciliation): which columns show, in
 * which order, and the sort. The saved layout is the user's; the server defaults win whenever the
 * pure rule `needsColumnsReconcile` says the saved one is stale.
 */
import {
  PROSPECT_DEFAULT_COLUMNS,
  PROSPECT_TABLE_COLUMNS,
  PROSPECTS_DEFAULT_SORT,
  type CustomField,
  type ProspectColumnsSettings,
  type ProspectTableColumn,
} from '@leadforge/contracts';
import { needsColumnsReconcile } from '@leadforge/contracts/rules/prospect-columns';

export type ColumnSetting = ProspectColumnsSettings['columns'][number];
export type ColumnKey = ColumnSetting['key'];

export const customColumnKey = (fieldId: number): ColumnKey => `custom_${fieldId}`;

/** `custom_12` → 12; null for a standard column. */
export function customFieldIdOf(key: string): number | null {
  const match = /^custom_(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** The default layout: every §3 column in order, the default set active, then custom fields hidden. */
export function defaultColumns(customFields: readonly Pick<CustomField, 'id'>[] = []): ColumnSetting[] {
  const active = new Set<string>(PROSPECT_DEFAULT_COLUMNS);
  const standard = PROSPECT_TABLE_COLUMNS.map((key, position) => ({ key, active: active.has(key), position, width: null }));
  const custom = customFields.map((field, index) => ({
    key: customColumnKey(field.id),
    active: false,
    position: standard.length + index,
    width: null,
  }));
  return [...standard, ...custom];
}

export function defaultLayout(accountId: number, now: Date, customFields: readonly Pick<CustomField, 'id'>[] = []): ProspectColumnsSettings {
  return {
    columns: defaultColumns(customFields),
    sort: { ...PROSPECTS_DEFAULT_SORT },
    accountId,
    savedAt: now.toISOString(),
  };
}

/**
 * The layout to show: the saved one unless §4 says to reconcile (standard set changed, older than
 * the cache life, another account), then the server defaults. Custom-field columns follow the
 * fields that exist now: removed fields drop out, new ones are appended hidden.
 */
export function resolveLayout(
  saved: ProspectColumnsSettings | null,
  serverDefaults: ProspectColumnsSettings,
  accountId: number,
  now: Date,
  customFields: readonly Pick<CustomField, 'id'>[],
): { layout: ProspectColumnsSettings; reconciled: boolean } {
  const reconciled = needsColumnsReconcile(saved, serverDefaults, accountId, now);
  const base = reconciled || !saved ? serverDefaults : saved;
  const fieldIds = new Set(customFields.map((field) => field.id));
  const kept = base.columns.filter((column) => {
    const id = customFieldIdOf(column.key);
    return id === null || fieldIds.has(id);
  });
  const present = new Set(kept.map((column) => column.key));
  const appended = customFields
    .filter((field) => !present.has(customColumnKey(field.id)))
    .map((field, index) => ({ key: customColumnKey(field.id), active: false, position: kept.length + index, width: null }));
  const columns = [...kept, ...appended]
    .sort((a, b) => a.position - b.position)
    .map((column, position) => ({ ...column, position }));
  return { layout: { ...base, columns, accountId }, reconciled };
}

/** Active columns in display order. */
export function visibleColumns(layout: Pick<ProspectColumnsSettings, 'columns'>): ColumnSetting[] {
  return layout.columns.filter((column) => column.active).sort((a, b) => a.position - b.position);
}

/** Applies the table's column-settings state (show/hide and order) to the layout. */
export function applyColumnState(
  layout: ProspectColumnsSettings,
  state: Record<string, { show?: boolean; order?: number }>,
  now: Date,
): ProspectColumnsSettings {
  const columns = layout.columns
    .map((column) => {
      const next = state[column.key];
      // The check column is the selection handle: it never hides.
      const active = column.key === 'check' ? true : (next?.show ?? column.active);
      return { ...column, active, position: next?.order ?? column.position };
    })
    .sort((a, b) => a.position - b.position)
    .map((column, position) => ({ ...column, position }));
  return { ...layout, columns, savedAt: now.toISOString() };
}

export const isStandardColumn = (key: string): key is ProspectTableColumn =>
  (PROSPECT_TABLE_COLUMNS as readonly string[]).includes(key);

/** Whether two layouts show the same columns in the same order (what the user can change here). */
export function sameColumns(a: Pick<ProspectColumnsSettings, 'columns'>, b: Pick<ProspectColumnsSettings, 'columns'>): boolean {
  const shape = (layout: Pick<ProspectColumnsSettings, 'columns'>) =>
    [...layout.columns].sort((x, y) => x.position - y.position).map((column) => `${column.key}:${column.active ? 1 : 0}`).join(',');
  return shape(a) === shape(b);
}
