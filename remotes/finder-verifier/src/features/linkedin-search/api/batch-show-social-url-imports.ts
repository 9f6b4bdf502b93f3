import { finderSocialUrlBatchShow } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /linkedin-search/batch-show/social-url-imports?ids=…: the status of the running imports of a page, in one call. */
export const batchShowSocialUrlImportsQueryOptions = (ids: readonly number[]) =>
  routeQueryOptions(finderSocialUrlBatchShow, { query: { ids: ids.join(',') } }, [...finderVerifierKeys.socialUrlImports(), 'batch']);
