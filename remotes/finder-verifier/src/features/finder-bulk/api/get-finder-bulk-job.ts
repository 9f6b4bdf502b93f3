import { useQuery } from '@tanstack/react-query';
import { finderBulkGet } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /finder/bulk-jobs/:id: one bulk search, for a link to a job that is not on the page shown. */
export const getFinderBulkJobQueryOptions = (id: number) =>
  routeQueryOptions(finderBulkGet, { params: { id } }, finderVerifierKeys.finderBulk());

export const useGetFinderBulkJob = (id: number | null, enabled: boolean) =>
  useQuery({ ...getFinderBulkJobQueryOptions(id ?? 0), enabled: enabled && id !== null });
