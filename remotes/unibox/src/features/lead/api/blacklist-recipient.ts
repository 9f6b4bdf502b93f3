import { useMutation } from '@tanstack/react-query';
import { recipientsAddToBlacklist } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';

/** POST /pipelines/api/recipients/add-to-blacklist with one recipient: its address goes on the no-send list. */
export const blacklistRecipientMutation = routeMutation(recipientsAddToBlacklist, {
  invalidates: () => [uniboxKeys.threadLists()],
});

export const useBlacklistRecipient = () => useMutation(blacklistRecipientMutation);
