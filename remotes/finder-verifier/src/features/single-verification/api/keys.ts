import { createQueryKeys } from '@leadforge/api-client';

/** Every verification query sits under this factory, so a new result refreshes them all. */
export const verificationKeys = createQueryKeys('verification');
