import { useQuery } from '@tanstack/react-query';
import { finderPositions } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /url-emails/positions: position suggestions for the filter. */
export const getPositionsQueryOptions = (term: string) =>
  routeQueryOptions(finderPositions, { body: { term } }, finderVerifierKeys.positions());

export const useGetPositions = (term: string) => useQuery(getPositionsQueryOptions(term));
