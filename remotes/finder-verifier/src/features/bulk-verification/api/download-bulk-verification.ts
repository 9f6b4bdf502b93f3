import { verificationRoutes } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';

/** GET /verify/bulk-jobs/:id/download: the CSV of a job's rows and results (a file, not cached). */
export const downloadBulkVerification = async (id: number): Promise<Blob> =>
  (await callApi(verificationRoutes.downloadBulkVerification, { params: { id } })) as Blob;
