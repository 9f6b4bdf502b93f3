import { useMemo, useState } from 'react';
import type { CustomField, ProspectColumnsSettings } from '@leadforge/contracts';
import { useColumnsSettings } from '../api/get-columns-settings';
import { useSaveColumnsSettings } from '../api/save-columns-settings';
import { resolveLayout } from '../utils/column-layout';

/**
 * The table layout to show: the saved one reconciled with the server defaults (document 1 §4),
 * with a column per custom field. Changes show at once and are saved for the user.
 */
export function useTableLayout(accountId: number | null, customFields: CustomField[]) {
  const settings = useColumnsSettings();
  const save = useSaveColumnsSettings();
  const [local, setLocal] = useState<ProspectColumnsSettings | null>(null);
  const resolved = useMemo(() => {
    if (!settings.data) return null;
    const saved = local ?? settings.data.settings;
    return resolveLayout(saved, settings.data.defaults, accountId ?? settings.data.defaults.accountId, new Date(), customFields).layout;
  }, [settings.data, local, accountId, customFields]);

  const change = (layout: ProspectColumnsSettings) => {
    setLocal(layout);
    save.mutate({ body: { columns: layout.columns, sort: layout.sort } });
  };
  return { layout: resolved, isPending: settings.isPending, error: settings.error, refetch: settings.refetch, change };
}
