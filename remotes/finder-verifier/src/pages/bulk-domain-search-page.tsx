import { useState } from 'react';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS } from '@leadforge/contracts';
import { NAMESPACE } from '../i18n';
import { RowsInput } from '../components/rows-input';
import { parseDomainRows, type ParsedRows } from '../utils/csv';
import { useCreateBulkDomainsSearch } from '../features/finder-bulk/api/create-bulk-domains-search';
import { FinderBulkPanel, type StartBulk } from '../features/finder-bulk/components/finder-bulk-panel';

/** /url-emails: public addresses of many companies from their domains or websites. */
export function BulkDomainSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const [parsed, setParsed] = useState<ParsedRows<string>>({ rows: [], errors: [] });
  const [position, setPosition] = useState('');
  const create = useCreateBulkDomainsSearch();
  const domains = parsed.rows.slice(0, FINDER_LIMITS.bulkRowsMax);
  const handleStart: StartBulk = ({ name, target }) =>
    create.mutateAsync({ body: { name, target, domains, position: position.trim() || undefined } });
  return (
    <FinderBulkPanel
      kind="domains"
      pageKey="bulkDomainSearch"
      readyRows={domains.length}
      starting={create.isPending}
      onStart={handleStart}
      input={
        <>
          <RowsInput
            parse={parseDomainRows}
            onChange={setParsed}
            hint={t('finderBulk.domainsHint', { max: FINDER_LIMITS.bulkRowsMax })}
            placeholder={'acme.com\nhttps://www.example.org'}
          />
          <Input
            aria-label={t('domainSearch.positionFilter')}
            placeholder={t('domainSearch.positionFilter')}
            maxLength={FINDER_LIMITS.termMax}
            value={position}
            onChange={(event) => setPosition(event.target.value)}
          />
        </>
      }
    />
  );
}
