import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recipientsRoutes, type RecipientsListQuery } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignPageKeys } from './campaign-page-keys';

export type RecipientsPageQuery = Omit<RecipientsListQuery, 'campaignId'>;

/** GET /pipelines/api/recipients: one page of the recipients table, sorted and filtered (build the query with `recipientsPageQuery`). */
export const listRecipientsQueryOptions = (campaignId: number, query: RecipientsPageQuery) =>
  routeQueryOptions(recipientsRoutes.recipientsList, { query: { campaignId, ...query } }, campaignPageKeys.recipientList(campaignId, query));

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useListRecipients = (campaignId: number, query: RecipientsPageQuery) =>
  useQuery({ ...listRecipientsQueryOptions(campaignId, query), placeholderData: keepPreviousData });
