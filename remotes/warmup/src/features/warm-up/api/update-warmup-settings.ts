import { useMutation } from '@tanstack/react-query';
import { warmupRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** PATCH /warm-up/api/email-accounts/:emailAccountId: the ramp, reply rate, weekdays only and schedule. */
export const updateWarmupSettingsMutation = routeMutation(warmupRoutes.warmupUpdateSettings, {
  invalidates: () => [warmupKeys.warmUp()],
});

export const useUpdateWarmupSettings = () => useMutation(updateWarmupSettingsMutation);
