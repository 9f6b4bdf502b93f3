import { useMutation } from '@tanstack/react-query';
import { searchAddToList } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** POST /prospects/search/add-to-list: chosen rows, or every match of the filters, into a list. */
export const addSearchToListMutation = routeMutation(searchAddToList, { invalidates: () => [prospectsKeys.lists(), prospectsKeys.sidebar()] });
export const useAddSearchToList = () => useMutation(addSearchToListMutation);
