import { finderLinkedinBadLinks } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';

/** GET /linkedin-search/tasks/:id/bad-links: CSV of the profile links the task could not use (a file, not cached). */
export const downloadBadLinks = async (id: number): Promise<Blob> =>
  (await callApi(finderLinkedinBadLinks, { params: { id } })) as Blob;
