import { useMutation } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import type { JobAction } from '../../../utils/job-phase';
import { finderVerifierKeys } from '../../../query-keys';

// Three routes, one user action ("do this to the job"): the table offers them as one menu.
const actionRoutes = {
  pause: verificationRoutes.pauseBulkVerification,
  resume: verificationRoutes.resumeBulkVerification,
  cancel: verificationRoutes.cancelBulkVerification,
} as const;

/** POST /verify/bulk-jobs/:id/{pause|resume|cancel}. */
export const runBulkVerificationAction = (id: number, action: JobAction) => callApi(actionRoutes[action], { params: { id } });

export const useRunBulkVerificationAction = () =>
  useMutation({
    // Under `verification`: the shell refreshes the credits badge after any such mutation settles.
    mutationKey: finderVerifierKeys.bulkVerificationAction(),
    mutationFn: ({ id, action }: { id: number; action: JobAction }) => runBulkVerificationAction(id, action),
    onSuccess: (_data, _variables, _result, context) =>
      context.client.invalidateQueries({ queryKey: finderVerifierKeys.bulkVerifications() }),
  });
