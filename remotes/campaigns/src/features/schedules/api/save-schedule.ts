import { useMutation } from '@tanstack/react-query';
import { schedulesRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { libraryKeys } from '../../templates/api/library-keys';

/** POST /schedules/save: creates a schedule (no id) or changes one. */
export const saveScheduleMutation = routeMutation(schedulesRoutes.saveSchedule, {
  invalidates: () => [libraryKeys.schedules()],
});

export const useSaveSchedule = () => useMutation(saveScheduleMutation);
