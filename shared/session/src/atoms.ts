import { atom, useAtomValue } from 'jotai';
import type { UserInfo } from '@leadforge/contracts';
import { deriveSessionFacts, type SessionFacts } from './facts';

/**
 * The last user-info answer; null until the start-up call returns. Lives in jotai's default store,
 * which host and remotes share (jotai is a federation singleton): render without a custom
 * `<Provider store>` or pass `getDefaultStore()` to it.
 */
export const userInfoAtom = atom<UserInfo | null>(null);

export const sessionFactsAtom = atom<SessionFacts>((get) => deriveSessionFacts(get(userInfoAtom)));

export function useSessionFacts(): SessionFacts {
  return useAtomValue(sessionFactsAtom);
}
