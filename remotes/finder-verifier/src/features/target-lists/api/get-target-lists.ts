import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, getListsInfo } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /prospects/get-lists-info: the caller's prospect lists to save into, filtered by keyword. */
export const getTargetListsQueryOptions = (keyword: string) =>
  routeQueryOptions(
    getListsInfo,
    { body: { count: PAGE_SIZES.prospectLists, keyword: keyword || undefined } },
    finderVerifierKeys.listPicker(),
  );

export const useGetTargetLists = (keyword: string, enabled: boolean) =>
  useQuery({ ...getTargetListsQueryOptions(keyword), enabled });
