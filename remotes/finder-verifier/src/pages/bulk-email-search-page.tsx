import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS } from '@leadforge/contracts';
import { NAMESPACE } from '../i18n';
import { RowsInput } from '../components/rows-input';
import { parseNameRows, type NameRow, type ParsedRows } from '../utils/csv';
import { useCreateBulkNamesSearch } from '../features/finder-bulk/api/create-bulk-names-search';
import { FinderBulkPanel, type StartBulk } from '../features/finder-bulk/components/finder-bulk-panel';

/** /emails-from-names: addresses of many people from first name, last name and company. */
export function BulkEmailSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const [parsed, setParsed] = useState<ParsedRows<NameRow>>({ rows: [], errors: [] });
  const create = useCreateBulkNamesSearch();
  const rows = parsed.rows.slice(0, FINDER_LIMITS.bulkRowsMax);
  const handleStart: StartBulk = ({ name, target }) => create.mutateAsync({ body: { name, target, rows } });
  return (
    <FinderBulkPanel
      kind="names"
      pageKey="bulkEmailSearch"
      readyRows={rows.length}
      starting={create.isPending}
      onStart={handleStart}
      input={
        <RowsInput
          parse={parseNameRows}
          onChange={setParsed}
          hint={t('finderBulk.namesHint', { max: FINDER_LIMITS.bulkRowsMax })}
          placeholder={'Ada,Lovelace,acme.com\nAlan,Turing,example.org'}
        />
      }
    />
  );
}
