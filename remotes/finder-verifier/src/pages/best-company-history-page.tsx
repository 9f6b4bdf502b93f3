import { useParams } from 'react-router-dom';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage } from '@leadforge/ui';
import { BestCompanyContent } from '../features/extension-history/components/best-company-content';
import { NotASearch } from '../features/extension-history/components/not-a-search';
import { isSearchId } from '../features/extension-history/utils/is-search-id';

/** /plugin/history-best-company/{searchId}: the company of a domain search and its senior contacts; their `page` in the URL. */
export function BestCompanyHistoryPage() {
  const { searchId } = useParams();
  const [params, update] = useTableParams();
  return (
    <Screen pageKey="extensionBestCompanyHistory">
      {isSearchId(searchId) ? (
        <BestCompanyContent
          searchId={searchId}
          page={readPage(params, 'page')}
          onPageChange={(next) => update({ page: pageParam(next) })}
        />
      ) : (
        <NotASearch />
      )}
    </Screen>
  );
}
