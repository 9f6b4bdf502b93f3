import { useParams } from 'react-router-dom';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage } from '@leadforge/ui';
import { NotASearch } from '../features/extension-history/components/not-a-search';
import { PluginHistoryContent } from '../features/extension-history/components/plugin-history-content';
import { isSearchId } from '../features/extension-history/utils/is-search-id';

/** /plugin/history/{searchId}: what the extension (or the finder) found in one search; the addresses' `page` in the URL. */
export function ExtensionHistoryPage() {
  const { searchId } = useParams();
  const [params, update] = useTableParams();
  return (
    <Screen pageKey="extensionHistory">
      {isSearchId(searchId) ? (
        <PluginHistoryContent
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
