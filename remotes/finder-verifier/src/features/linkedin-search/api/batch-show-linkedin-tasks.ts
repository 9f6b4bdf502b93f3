import { finderLinkedinBatchShow } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** GET /linkedin-search/batch-show/tasks?ids=…: the status of the running tasks of a page, in one call. */
export const batchShowLinkedinTasksQueryOptions = (ids: readonly number[]) =>
  routeQueryOptions(finderLinkedinBatchShow, { query: { ids: ids.join(',') } }, [...finderVerifierKeys.linkedinTasks(), 'batch']);
