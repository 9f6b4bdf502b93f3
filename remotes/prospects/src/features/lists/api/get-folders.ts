import { queryOptions, useQuery } from '@tanstack/react-query';
import { foldersList } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** GET /folders/list: the caller's folders by position, with the ids of the lists (of either kind) filed in them. */
export const foldersQueryOptions = queryOptions({
  queryKey: prospectsKeys.folders(),
  queryFn: ({ signal }) => callApi(foldersList, {}, { signal }),
});

export const useFolders = () => useQuery(foldersQueryOptions);
