import { useTableParams } from '@leadforge/ui';
import { pageParam, readId, readPage } from '@leadforge/ui';

/** The jobs table's state in the URL: its `page`, the `job` opened and that job's `resultsPage`. */
export function useBulkJobsParams() {
  const [params, update] = useTableParams();
  return {
    page: readPage(params, 'page'),
    jobId: readId(params, 'job'),
    resultsPage: readPage(params, 'resultsPage'),
    setPage: (page: number) => update({ page: pageParam(page) }),
    /** A job just started is on the first page of the jobs, newest first. */
    openJob: (id: number, { started = false } = {}) =>
      update({ job: id, resultsPage: undefined, ...(started ? { page: undefined } : {}) }),
    setResultsPage: (page: number) => update({ resultsPage: pageParam(page) }),
  };
}
