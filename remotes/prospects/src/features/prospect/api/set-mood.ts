import { useMutation } from '@tanstack/react-query';
import { moodInProspect } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

/** PUT /mood/in-prospect {moodPoint, prospectId}: 0 not set, 1 interested, 2 maybe, 3 not interested. */
export const setMoodMutation = routeMutation(moodInProspect, {
  invalidates: (data) => [prospectsKeys.prospect(data.prospectId)],
});
export const useSetMood = () => useMutation(setMoodMutation);
