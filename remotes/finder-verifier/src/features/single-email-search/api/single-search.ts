import { useMutation } from '@tanstack/react-query';
import { finderSingleSearch, finderSingleSearchSave, type RouteBody } from '@leadforge/contracts';
import { callApi, routeMutation } from '@leadforge/api-client';
import { finderKeys } from './keys';

/** POST /email-finder/search: a person's address from their name and company domain. */
export const singleSearch = (body: RouteBody<typeof finderSingleSearch>) => callApi(finderSingleSearch, { body });
export const useSingleSearch = () => useMutation(routeMutation(finderSingleSearch, { invalidates: () => [finderKeys.scope('history')] }));

/** POST /email-finder/search/:searchId/save: the found person into a prospect list. */
export const useSaveSingleSearch = () => useMutation(routeMutation(finderSingleSearchSave));
