import { useMutation } from '@tanstack/react-query';
import { schedulesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from '../../templates/api/library-keys';

/** POST /schedules/delete: refused (schedule_in_use) while an active or paused campaign sends on it. */
export const deleteScheduleMutation = routeMutation(schedulesRoutes.deleteSchedule, {
  invalidates: () => [libraryKeys.schedules()],
});

export const useDeleteSchedule = () => useMutation(deleteScheduleMutation);
