import { useMutation } from '@tanstack/react-query';
import { finderSingleSearchSave } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /email-finder/search/:searchId/save: the found person into a prospect list (the prospects area's data). */
export const saveSingleSearchMutation = routeMutation(finderSingleSearchSave);

export const useSaveSingleSearch = () => useMutation(saveSingleSearchMutation);
