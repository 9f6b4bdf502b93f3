import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderSocialUrlList } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /linkedin-search/social-url-imports: the caller's imports of profile links (running ones are polled by batch-show). */
export const listSocialUrlImportsQueryOptions = (page: number) =>
  routeQueryOptions(finderSocialUrlList, { query: { page } }, finderVerifierKeys.socialUrlImports());

export const useListSocialUrlImports = (page: number) => useQuery({ ...listSocialUrlImportsQueryOptions(page), placeholderData: keepPreviousData });
