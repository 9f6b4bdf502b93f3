import { createQueryKeys } from '@leadforge/api-client';

/** Every finder query sits under this factory. */
export const finderKeys = createQueryKeys('finder');
