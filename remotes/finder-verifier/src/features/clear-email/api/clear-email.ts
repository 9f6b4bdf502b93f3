import { useMutation } from '@tanstack/react-query';
import { clearEmailPrepare, clearEmailRemove } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /clear-email/prepare: where the address is kept, and the key that removes it. */
export const useClearEmailPrepare = () => useMutation(routeMutation(clearEmailPrepare));

/** POST /clear-email/remove: removes the address from every list. */
export const useClearEmailRemove = () => useMutation(routeMutation(clearEmailRemove));
