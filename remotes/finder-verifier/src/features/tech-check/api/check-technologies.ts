import { useMutation } from '@tanstack/react-query';
import { finderTechcheck } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /techcheck/check: the technologies a site is built with (nothing cached changes). */
export const checkTechnologiesMutation = routeMutation(finderTechcheck);

export const useCheckTechnologies = () => useMutation(checkTechnologiesMutation);
