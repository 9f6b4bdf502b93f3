import { useQuery } from '@tanstack/react-query';
import { getCustomTags } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignKeys } from '../../campaign-list/api/campaign-keys';

/** GET /user-tags/get-custom-tags: the caller's tags, for include/exclude. */
export const customTagsQueryOptions = () => routeQueryOptions(getCustomTags, {}, [...campaignKeys.teamProspectLists(), 'tags']);

export const useCustomTags = () => useQuery(customTagsQueryOptions());
