import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { continueFreeTrial } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { ErrorState, useToast } from '@leadforge/ui';
import { userInfoQueryOptions } from '../../app/session-bridge';
import { FinishingState } from './finishing-state';

/** /continue-free-trial: starts the trial (POST /continue-free-trial) and returns home. */
export function ContinueFreeTrialAction() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const mutation = useMutation({
    mutationFn: () => callApi(continueFreeTrial),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userInfoQueryOptions.queryKey });
      toast.success(t('shell:plan.trialStarted'));
    },
  });
  const { mutate } = mutation;

  useEffect(() => {
    // Strict mode mounts twice in development; the trial must be asked for once.
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (mutation.isSuccess) return <Navigate to="/home" replace />;
  if (mutation.isError) {
    return <ErrorState error={mutation.error} onRetry={() => mutate()} extra={<a href="/home">{t('common:actions.goHome')}</a>} />;
  }
  return <FinishingState label={t('shell:redirecting')} />;
}
