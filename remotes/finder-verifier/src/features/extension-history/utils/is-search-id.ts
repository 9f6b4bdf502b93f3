import { RANDOM_ID_LENGTH } from '@leadforge/contracts';

/** Search ids are RANDOM_ID_LENGTH characters; anything else cannot be one, so no call is made. */
export const isSearchId = (value: string | undefined): value is string =>
  value !== undefined && value.length === RANDOM_ID_LENGTH;
