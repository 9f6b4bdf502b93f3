export * from '@leadforge/contracts/rules/permissions';
export { sessionFactsAtom, useSessionFacts, userInfoAtom } from './atoms';
export { deriveSessionFacts, viewerClassFor, type RecordOwnership, type SessionFacts } from './facts';
export { unauthenticatedArea } from './areas';
export {
  INTENDED_URL_KEY,
  intendedUrl,
  TEAM_JOIN_CODE_KEY,
  isRestorableUrl,
  peekIntendedUrl,
  peekTeamJoinCode,
  storeIntendedUrl,
  storeTeamJoinCode,
  takeIntendedUrl,
  takeTeamJoinCode,
} from './intended-url';
export {
  TWO_FACTOR_PENDING_KEY,
  applyTwoFactorRule,
  applyUserInfo,
  createUserInfoQueryOptions,
  fetchUserInfo,
  isTwoFactorPending,
  publishUserInfo,
  sessionKeys,
  useUserInfo,
  userInfoQueryOptions,
  type UserInfoDependencies,
} from './user-info';
export { useSessionRealtimeSync } from './realtime-sync';
