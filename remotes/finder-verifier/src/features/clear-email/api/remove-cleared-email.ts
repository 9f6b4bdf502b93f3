import { useMutation } from '@tanstack/react-query';
import { clearEmailRemove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /clear-email/remove (public): removes the address from every list. */
export const removeClearedEmailMutation = routeMutation(clearEmailRemove);

export const useRemoveClearedEmail = () => useMutation(removeClearedEmailMutation);
