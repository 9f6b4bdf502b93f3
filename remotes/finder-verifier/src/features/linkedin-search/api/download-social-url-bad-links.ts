import { finderSocialUrlBadLinks } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';

/** GET /linkedin-search/social-url-imports/:id/bad-links: CSV of the rows whose link could not be used (a file, not cached). */
export const downloadSocialUrlBadLinks = async (id: number): Promise<Blob> =>
  (await callApi(finderSocialUrlBadLinks, { params: { id } })) as Blob;
