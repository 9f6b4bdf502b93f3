import { useMutation } from '@tanstack/react-query';
import { finderDomainSearchSave } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /domain-search/search/:searchId/save: the found addresses into a prospect list (the prospects area's data). */
export const saveDomainSearchMutation = routeMutation(finderDomainSearchSave);

export const useSaveDomainSearch = () => useMutation(saveDomainSearchMutation);
