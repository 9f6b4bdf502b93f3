import { useMutation } from '@tanstack/react-query';
import { finderBulkCancel, finderBulkPause, finderBulkResume } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import type { JobAction } from '../../../utils/job-phase';
import { finderVerifierKeys } from '../../../query-keys';

// Three routes, one user action ("do this to the job"): the table offers them as one menu.
const actionRoutes = { pause: finderBulkPause, resume: finderBulkResume, cancel: finderBulkCancel } as const;

/** POST /finder/bulk-jobs/:id/{pause|resume|cancel}. */
export const runFinderBulkAction = (id: number, action: JobAction) => callApi(actionRoutes[action], { params: { id } });

export const useRunFinderBulkAction = () =>
  useMutation({
    // Under `finder`: the shell refreshes the credits badge after any such mutation settles.
    mutationKey: finderVerifierKeys.finderBulkAction(),
    mutationFn: ({ id, action }: { id: number; action: JobAction }) => runFinderBulkAction(id, action),
    onSuccess: (_data, _variables, _result, context) =>
      context.client.invalidateQueries({ queryKey: finderVerifierKeys.finderBulk() }),
  });
