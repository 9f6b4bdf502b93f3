import { useMutation } from '@tanstack/react-query';
import { clearEmailPrepare } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /clear-email/prepare (public): where the address is kept, and the key that removes it. */
export const prepareClearEmailMutation = routeMutation(clearEmailPrepare);

export const usePrepareClearEmail = () => useMutation(prepareClearEmailMutation);
