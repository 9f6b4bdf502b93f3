import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkUpload } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/**
 * GET /prospects/checkUpload/{id}: headers, preview and suggested mapping of the uploaded file;
 * later its progress and the report of rejected rows. Progress arrives as `prospect.imported`
 * pushes, which refresh this query; no timer polling.
 */
export const checkUploadQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: prospectsKeys.importStatus(importId),
    queryFn: ({ signal }) => callApi(checkUpload, { params: { importId } }, { signal }),
  });

export const useCheckUpload = (importId: string | null) =>
  useQuery({ ...checkUploadQueryOptions(importId ?? ''), enabled: importId !== null });
