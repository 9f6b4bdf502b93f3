import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES, getListsInfo } from '@leadforge/contracts';
import { createQueryKeys, routeQueryOptions } from '@leadforge/api-client';

/** The prospects area owns lists; this key only scopes the picker's own query. */
const listPickerKeys = createQueryKeys('finderListPicker');

/** POST /prospects/get-lists-info: the caller's lists for a picker, filtered by keyword. */
export const listPickerQuery = (keyword: string) =>
  routeQueryOptions(getListsInfo, { body: { count: PAGE_SIZES.prospectLists, keyword: keyword || undefined } }, listPickerKeys.scope('lists'));

export const useListPicker = (keyword: string, enabled: boolean) => useQuery({ ...listPickerQuery(keyword), enabled });
