import { finderBulkDownload } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';

/** GET /finder/bulk-jobs/:id/download: the results as CSV (a file, not cached). */
export const downloadFinderBulk = async (id: number): Promise<Blob> =>
  (await callApi(finderBulkDownload, { params: { id } })) as Blob;
