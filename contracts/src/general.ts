/** General calls of document 2 §7.1, account and session calls, teams and plans. */
import * as z from './zod';
import { API_LOCALES, AUTH_LIMITS, PAYMENT_METHOD_ORDER, PLAN_NAMES } from './constants';
import { emailSchema, isoDateTimeSchema, okResponseSchema, text } from './common';
import { defineRoute } from './http';

export const apiLocaleSchema = z.enum(API_LOCALES);

export const pricingPlanSchema = z.object({
  name: z.string(),
  isFreePlan: z.boolean(),
  expired: z.boolean(),
  /** Days until the plan (or trial) ends; null for a plan without an end. */
  willExpireDays: z.number().int().nullable(),
  /** Days until the expiry restrictions start (a grace period after the end). */
  daysUntilExpirationLimits: z.number().int().nullable(),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const gamificationEventSchema = z.object({
  id: z.number().int(),
  /** Onboarding step 1…7 of document 1 §4. */
  step: z.number().int().min(1).max(7),
  name: z.string(),
  reward: z.number().int().nonnegative(),
});

export const userEventSchema = z.object({
  eventId: z.number().int(),
  step: z.number().int(),
  completedAt: isoDateTimeSchema,
  congratulationShown: z.boolean(),
});

export const gamificationSchema = z.object({
  eventsList: z.array(gamificationEventSchema),
  userEvents: z.array(userEventSchema),
  userBalance: z.number().int().nonnegative(),
});

export const userAccountSchema = z.object({
  id: z.number().int(),
  isTeam: z.boolean(),
  /** 1 = team lead, 2 = member viewing all team records, 0 = member or solo. */
  isLead: z.number().int().min(0).max(2),
  hash: z.string(),
});

export const userTeamSchema = z.object({
  isLead: z.number().int().min(0).max(2),
  group: z.string().nullable(),
});

/** GET /user-info (document 1 §3 "User info", document 2 §7.1). */
export const userInfoSchema = z.object({
  /** Absent for an anonymous visitor: the shell then shows the unauthenticated area. */
  userHashId: z.string().nullable(),
  account: userAccountSchema.nullable(),
  team: userTeamSchema.nullable(),
  registrationInfo: z.object({ registrationId: z.string().nullable() }).nullable(),
  pricingPlan: pricingPlanSchema.nullable(),
  gamification: gamificationSchema.nullable(),
  twoFactorAuth: z.object({ isNeedAuth: z.boolean() }),
  allowGamification: z.boolean(),
  isAllowSentimentalStuff: z.boolean(),
  locale: apiLocaleSchema,
  gaUserIdHash: z.string().nullable(),
  currencyId: z.number().int().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  userCreated: isoDateTimeSchema.nullable(),
  allowKeepUpdate: z.boolean(),
  lastActivity: isoDateTimeSchema.nullable(),
  /** A path the shell must go to (e.g. `complete-user-registration` after a Google sign-in). */
  redirect: z.string().nullable(),
  session_expired: z.boolean(),
  /** Whether an admin signed in as this user (admin login skips gamification). */
  isAdminLogin: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const COMPLETE_USER_REGISTRATION = 'complete-user-registration' as const;

const passwordSchema = z.string().min(AUTH_LIMITS.passwordMin).max(AUTH_LIMITS.passwordMax);

export const userInfo = defineRoute({
  id: 'general.userInfo',
  method: 'GET',
  path: '/user-info',
  auth: 'public',
  response: userInfoSchema,
  errors: ['session_expired'],
  summary: 'The signed-in user, or an anonymous answer without userHashId. 401 only for a revoked or expired session.',
});

export const userPricingPlanInfo = defineRoute({
  id: 'general.userPricingPlanInfo',
  method: 'GET',
  path: '/user-pricing-plan-info',
  response: pricingPlanSchema.extend({
    planName: z.enum([...PLAN_NAMES, 'FREE', 'TRIAL']),
    startedAt: isoDateTimeSchema.nullable(),
    endsAt: isoDateTimeSchema.nullable(),
    canInviteToTeam: z.boolean(),
    canAccessBilling: z.boolean(),
    isBiggestPlan: z.boolean(),
    trialAvailable: z.boolean(),
  }),
  summary: 'The plan with its limits and what it allows.',
});

export const changeLanguage = defineRoute({
  id: 'general.changeLanguage',
  method: 'POST',
  path: '/change-language',
  auth: 'public',
  body: z.object({ lang: apiLocaleSchema }).strict(),
  response: z.object({ locale: apiLocaleSchema }),
  summary: 'Saves the interface language (also for an anonymous visitor, in a cookie).',
});

export const logout = defineRoute({
  id: 'general.logout',
  method: 'GET',
  path: '/logout',
  auth: 'public',
  response: z.unknown(),
  responseKind: 'redirect',
  summary: 'Ends the session and redirects to home.',
});

export const continueFreeTrial = defineRoute({
  id: 'general.continueFreeTrial',
  method: 'POST',
  path: '/continue-free-trial',
  response: pricingPlanSchema,
  errors: ['trial_not_available'],
  summary: 'Starts (once) the free trial.',
});

export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isLead: z.number().int(),
  group: z.string().nullable(),
  joinedAt: isoDateTimeSchema,
});

export const teamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  group: z.string(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
});

export const teamInfoSchema = z.object({
  team: z
    .object({
      id: z.number().int(),
      name: z.string(),
      joinCode: z.string().nullable(),
      lead: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
    })
    .nullable(),
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  canInvite: z.boolean(),
});

export const teamInfo = defineRoute({
  id: 'general.teamInfo',
  method: 'GET',
  path: '/team-info',
  response: teamInfoSchema,
  summary: 'The caller’s team, its members and open invitations.',
});

export const timeZoneSchema = z.object({ id: z.string(), name: z.string(), offset: z.string(), offsetMinutes: z.number().int() });
export const timeZones = defineRoute({
  id: 'general.timeZones',
  method: 'GET',
  path: '/general-info/time-zones',
  auth: 'public',
  response: z.object({ timeZones: z.array(timeZoneSchema) }),
  summary: 'IANA time zones with their current offsets (cached).',
});

export const countrySchema = z.object({ id: z.number().int(), code: z.string().length(2), name: z.string() });
export const countries = defineRoute({
  id: 'general.countries',
  method: 'GET',
  path: '/general-info/countries',
  auth: 'public',
  query: z.object({ locale: apiLocaleSchema.optional() }).strict(),
  response: z.object({ countries: z.array(countrySchema) }),
  summary: 'ISO 3166 countries with names in the given locale (cached).',
});

export const activateCrm = defineRoute({
  id: 'general.activateCrm',
  method: 'PUT',
  path: '/activate-crm',
  response: z.object({ crmActive: z.boolean() }),
  errors: ['not_available_yet'],
  summary: 'Turns the CRM area on for the account (not_available_yet until the CRM area exists).',
});

export const detectPaySystem = defineRoute({
  id: 'general.detectPaySystem',
  method: 'GET',
  path: '/detect-pay-system',
  response: z.object({ paySystem: z.enum(['stripe', 'sandbox']), methods: z.array(z.enum(PAYMENT_METHOD_ORDER)) }),
  errors: ['not_available_yet'],
  summary: 'Which payment provider serves the user, with methods in display order (not_available_yet until billing exists).',
});

export const firstPaymentNotifier = defineRoute({
  id: 'general.firstPaymentNotifier',
  method: 'GET',
  path: '/first-payment-notifier',
  response: z.object({ show: z.boolean(), paymentMethod: z.string().nullable() }),
  errors: ['not_available_yet'],
  summary: 'Whether to congratulate the user on a first payment (not_available_yet until billing exists).',
});

export const updateStateFirstPayment = defineRoute({
  id: 'general.updateStateFirstPayment',
  method: 'PUT',
  path: '/update-state-first-payment',
  query: z.object({ payment_method: z.string().trim().min(1).max(40) }).strict(),
  response: okResponseSchema,
  errors: ['not_available_yet'],
  summary: 'Marks the first-payment notice as seen (not_available_yet until billing exists).',
});

export const FEATURE_REQUEST_TOOLS = [
  'prospects',
  'finder',
  'verifier',
  'campaigns',
  'unibox',
  'warmup',
  'enrichment',
  'studio',
  'crm',
  'infrastructure',
  'other',
] as const;

export const featureRequestSettings = defineRoute({
  id: 'general.featureRequestSettings',
  method: 'GET',
  path: '/user/feature-request/settings',
  response: z.object({ tools: z.array(z.enum(FEATURE_REQUEST_TOOLS)), maxDescription: z.number().int() }),
  summary: 'Options of the feature request form.',
});

export const featureRequestBodySchema = z
  .object({
    tool: z.enum(FEATURE_REQUEST_TOOLS),
    feature: text(200),
    description: text(5000),
    workaround: z.string().trim().max(5000).default(''),
    entryPoint: z.string().trim().max(200).default('request-feature'),
  })
  .strict();

export const featureRequest = defineRoute({
  id: 'general.featureRequest',
  method: 'POST',
  path: '/user/feature-request',
  body: featureRequestBodySchema,
  response: z.object({ id: z.number().int() }),
  summary: 'Files a feature request.',
});

export const MOOD_POINTS = [0, 1, 2, 3] as const;
export const moodInProspect = defineRoute({
  id: 'general.moodInProspect',
  method: 'PUT',
  path: '/mood/in-prospect',
  body: z
    .object({
      moodPoint: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
      id: z.number().int().positive().optional(),
      prospectId: z.number().int().positive(),
    })
    .strict(),
  response: z.object({ prospectId: z.number().int(), point: z.number().int(), type: z.enum(['ai', 'manual', 'notSet']) }),
  errors: ['not_found', 'forbidden'],
  summary: 'Sets the mood (0 not set, 1 interested, 2 maybe, 3 not interested) of a prospect.',
});

export const displayedCaptcha = defineRoute({
  id: 'general.displayedCaptcha',
  method: 'POST',
  path: '/displayed-captcha',
  auth: 'public',
  body: z.object({ place: z.string().trim().min(1).max(60) }).strict(),
  response: okResponseSchema,
  summary: 'Records that a captcha was shown (abuse statistics).',
});

export const PASSED_ONBOARDING_TYPES = ['home-tour', 'campaigns-tour', 'prospects-tour', 'unibox-tour', 'rewards-intro'] as const;
export const passedOnboardingsList = defineRoute({
  id: 'general.passedOnboardingsList',
  method: 'GET',
  path: '/passed-onboardings',
  response: z.object({ passed: z.array(z.string()) }),
  summary: 'Product tours the user has finished.',
});
export const passedOnboardingsAdd = defineRoute({
  id: 'general.passedOnboardingsAdd',
  method: 'POST',
  path: '/passed-onboardings',
  body: z.object({ type: z.enum(PASSED_ONBOARDING_TYPES) }).strict(),
  response: z.object({ passed: z.array(z.string()) }),
  summary: 'Marks a product tour as finished.',
});

export const gameStateSchema = z.object({
  steps: z.array(
    z.object({
      step: z.number().int().min(1).max(7),
      eventId: z.number().int().nullable(),
      reward: z.number().int(),
      inEventList: z.boolean(),
      completed: z.boolean(),
      congratulationPending: z.boolean(),
    }),
  ),
  userBalance: z.number().int(),
  bonus: z.object({ amount: z.number().int(), available: z.boolean(), claimed: z.boolean() }),
});
export type GameState = z.infer<typeof gameStateSchema>;

export const game = defineRoute({
  id: 'general.game',
  method: 'GET',
  path: '/game',
  response: gameStateSchema,
  summary: 'The onboarding game: steps, rewards, balance and bonus.',
});

export const gameEvent = defineRoute({
  id: 'general.gameEvent',
  method: 'POST',
  path: '/game',
  body: z.object({ eventId: z.number().int().positive() }).strict(),
  response: gameStateSchema,
  errors: ['not_found'],
  summary: 'Acknowledges the congratulation of a completed event (shown once per step).',
});

export const gameClaimBonus = defineRoute({
  id: 'general.gameClaimBonus',
  method: 'POST',
  path: '/game/claim-bonus',
  response: gameStateSchema,
  errors: ['bonus_not_available'],
  summary: 'Claims the bonus once every step is complete.',
});

export const onboardingStepComplete = defineRoute({
  id: 'general.onboardingStepComplete',
  method: 'POST',
  path: '/game/step',
  body: z.object({ step: z.union([z.literal(3), z.literal(6)]) }).strict(),
  response: gameStateSchema,
  errors: ['onboarding_step_not_in_events', 'onboarding_step_done', 'onboarding_step_requirement'],
  summary: 'The client reports steps 3 (extension present) and 6 (warm-up account); rewarded once, only if in the event list.',
});

export const unreadMessagesCount = defineRoute({
  id: 'general.unreadMessagesCount',
  method: 'GET',
  path: '/unread-messages-count',
  response: z.object({ unreadMessages: z.number().int().nonnegative() }),
  errors: ['not_available_yet'],
  summary: 'Unread unibox messages (synced mail of the caller’s unibox mailboxes), fetched after start-up.',
});

export const UNINSTALL_PRODUCTS = ['email-finder', 'linkedin-prospect-finder'] as const;
const uninstallBody = z
  .object({
    product: z.enum(UNINSTALL_PRODUCTS),
    reason: z.string().trim().min(1).max(100),
    comment: z.string().trim().max(2000).default(''),
  })
  .strict();
export const uninstall = defineRoute({
  id: 'general.uninstall',
  method: 'POST',
  path: '/uninstall',
  aliases: [{ method: 'PUT', path: '/uninstall' }],
  auth: 'public',
  body: uninstallBody,
  response: okResponseSchema,
  summary: 'Records why an extension was uninstalled.',
});

export const clearEmailPrepare = defineRoute({
  id: 'general.clearEmailPrepare',
  method: 'POST',
  path: '/clear-email/prepare',
  auth: 'public',
  body: z.object({ email: emailSchema.optional(), keyEmail: z.string().trim().max(200).optional() }).strict(),
  response: z.object({ email: z.string(), listsCount: z.number().int(), key: z.string() }),
  errors: ['not_found'],
  summary: 'Looks up where an address is kept before the owner asks to be cleared from lists.',
});

export const clearEmailRemove = defineRoute({
  id: 'general.clearEmailRemove',
  method: 'POST',
  path: '/clear-email/remove',
  auth: 'public',
  body: z.object({ key: z.string().trim().min(1).max(200) }).strict(),
  response: z.object({ removed: z.number().int() }),
  errors: ['not_found'],
  summary: 'Removes the address from every list (the key comes from prepare).',
});

export const setTimeZone = defineRoute({
  id: 'general.setTimeZone',
  method: 'POST',
  path: '/time-zone',
  auth: 'public',
  body: z.object({ timeZone: z.string().trim().min(1).max(64) }).strict(),
  response: z.object({ timeZone: z.string() }),
  errors: ['field_invalid'],
  summary: 'Sets the time-zone cookie (and the user setting when signed in).',
});

// ---------------------------------------------------------------- accounts and sessions

export const registerBodySchema = z
  .object({
    name: text(AUTH_LIMITS.nameMax),
    email: emailSchema,
    password: passwordSchema,
    teamCode: z.string().trim().max(64).optional(),
    locale: apiLocaleSchema.optional(),
  })
  .strict();

export const register = defineRoute({
  id: 'auth.register',
  method: 'POST',
  path: '/auth/register',
  auth: 'public',
  body: registerBodySchema,
  response: userInfoSchema,
  errors: ['email_taken', 'weak_password', 'team_code_invalid', 'rate_limited'],
  summary: 'Creates an account (on a free trial) and signs in.',
});

export const login = defineRoute({
  id: 'auth.login',
  method: 'POST',
  path: '/auth/login',
  auth: 'public',
  body: z.object({ email: emailSchema, password: z.string().min(1).max(AUTH_LIMITS.passwordMax) }).strict(),
  response: userInfoSchema,
  errors: ['invalid_credentials', 'rate_limited'],
  summary: 'Signs in; when 2FA is on the session waits for the code (twoFactorAuth.isNeedAuth).',
});

export const twoFactorVerify = defineRoute({
  id: 'auth.twoFactorVerify',
  method: 'POST',
  path: '/auth/2fa/verify',
  auth: 'pending2fa',
  body: z
    .object({
      code: z
        .string()
        .trim()
        .regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/),
    })
    .strict(),
  response: userInfoSchema,
  errors: ['two_factor_invalid_code', 'two_factor_code_used', 'rate_limited'],
  summary: 'Completes sign-in with a TOTP or a recovery code.',
});

export const twoFactorSetup = defineRoute({
  id: 'auth.twoFactorSetup',
  method: 'POST',
  path: '/auth/2fa/setup',
  response: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }),
  errors: ['two_factor_already_enabled'],
  summary: 'Starts enabling 2FA: a new secret with its QR code.',
});

export const twoFactorEnable = defineRoute({
  id: 'auth.twoFactorEnable',
  method: 'POST',
  path: '/auth/2fa/enable',
  body: z.object({ code: z.string().trim().regex(/^\d{6}$/) }).strict(),
  response: z.object({ recoveryCodes: z.array(z.string()) }),
  errors: ['two_factor_invalid_code', 'two_factor_already_enabled'],
  summary: 'Confirms the secret with a code; answers the one-time recovery codes.',
});

export const twoFactorDisable = defineRoute({
  id: 'auth.twoFactorDisable',
  method: 'POST',
  path: '/auth/2fa/disable',
  body: z.object({ password: z.string().min(1).max(AUTH_LIMITS.passwordMax) }).strict(),
  response: okResponseSchema,
  errors: ['invalid_credentials', 'two_factor_not_enabled'],
  summary: 'Turns 2FA off (password required).',
});

export const forgotPassword = defineRoute({
  id: 'auth.forgotPassword',
  method: 'POST',
  path: '/auth/forgot',
  auth: 'public',
  body: z.object({ email: emailSchema }).strict(),
  response: okResponseSchema,
  errors: ['rate_limited'],
  summary: 'Mails a single-use reset link; answers the same whether or not the address exists.',
});

export const resetPassword = defineRoute({
  id: 'auth.resetPassword',
  method: 'POST',
  path: '/auth/reset',
  auth: 'public',
  body: z.object({ token: z.string().trim().min(20).max(200), password: passwordSchema }).strict(),
  response: okResponseSchema,
  errors: ['reset_token_invalid', 'reset_token_expired', 'weak_password'],
  summary: 'Sets a new password with a reset token; signs out every session.',
});

export const changePassword = defineRoute({
  id: 'auth.changePassword',
  method: 'POST',
  path: '/auth/change-password',
  body: z.object({ currentPassword: z.string().min(1).max(AUTH_LIMITS.passwordMax), newPassword: passwordSchema }).strict(),
  response: okResponseSchema,
  errors: ['invalid_credentials', 'weak_password'],
  summary: 'Changes the password; other sessions are signed out.',
});

export const sessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  lastSeenAt: isoDateTimeSchema,
});

export const listSessions = defineRoute({
  id: 'auth.listSessions',
  method: 'GET',
  path: '/auth/sessions',
  response: z.object({ sessions: z.array(sessionSchema) }),
  summary: 'The caller’s active sessions.',
});

export const signOutOtherSessions = defineRoute({
  id: 'auth.signOutOtherSessions',
  method: 'POST',
  path: '/auth/sessions/sign-out-others',
  response: z.object({ signedOut: z.number().int() }),
  summary: 'Revokes every session but the current one.',
});

export const csrfToken = defineRoute({
  id: 'auth.csrfToken',
  method: 'GET',
  path: '/auth/csrf',
  auth: 'public',
  response: z.object({ token: z.string() }),
  summary: 'The CSRF token to send in the x-csrf-token header (also set as a readable cookie).',
});

export const googleStart = defineRoute({
  id: 'auth.googleStart',
  method: 'GET',
  path: '/auth/google',
  auth: 'public',
  response: z.unknown(),
  responseKind: 'redirect',
  errors: ['google_login_unavailable'],
  summary: 'Starts Google sign-in through the identity adapter.',
});

/** Query parameter of the mailed identity link, on the login page (`/login?identity-link=…`). */
export const IDENTITY_LINK_PARAM = 'identity-link' as const;

export const signInOptions = defineRoute({
  id: 'auth.signInOptions',
  method: 'GET',
  path: '/auth/sign-in-options',
  auth: 'public',
  response: z.object({
    /** `google`: real Google sign-in; `sandbox`: the offline development stand-in; `off`: not offered. */
    google: z.enum(['google', 'sandbox', 'off']),
  }),
  summary: 'Which external sign-ins the login and register pages may offer.',
});

export const identityLinkConfirm = defineRoute({
  id: 'auth.identityLinkConfirm',
  method: 'POST',
  path: '/auth/identity-link',
  auth: 'public',
  body: z.object({ token: z.string().trim().min(20).max(200) }).strict(),
  response: userInfoSchema,
  errors: ['identity_link_invalid'],
  summary: 'Opens the mailed single-use link: attaches the external identity to its account and signs in.',
});

export const googleCallback = defineRoute({
  id: 'auth.googleCallback',
  method: 'GET',
  path: '/auth/google/callback',
  auth: 'public',
  query: z.object({ code: z.string().max(2000), state: z.string().max(200) }).strict(),
  response: z.unknown(),
  responseKind: 'redirect',
  errors: ['google_login_unavailable', 'identity_link_required'],
  summary: 'Google sign-in return; redirects to /?redirect=complete-user-registration when the account must finish registration.',
});

// ---------------------------------------------------------------- teams

export const teamInvite = defineRoute({
  id: 'team.invite',
  method: 'POST',
  path: '/team/invite',
  body: z.object({ email: emailSchema, group: z.enum(['Team records', 'Only own record']) }).strict(),
  response: teamInvitationSchema,
  errors: ['team_invite_forbidden', 'team_already_member'],
  summary: 'Invites a person by email (the plan must allow invite_to_team).',
});

export const teamCheckCode = defineRoute({
  id: 'team.checkCode',
  method: 'POST',
  path: '/team/check-code',
  body: z.object({ code: z.string().trim().min(4).max(64) }).strict(),
  response: z.object({ teamName: z.string(), leadName: z.string(), group: z.string() }),
  errors: ['team_code_invalid'],
  summary: 'Tells what team a join code (from a link or an invitation) belongs to.',
});

export const teamAccept = defineRoute({
  id: 'team.accept',
  method: 'POST',
  path: '/team/accept',
  body: z.object({ code: z.string().trim().min(4).max(64) }).strict(),
  response: userInfoSchema,
  errors: ['team_code_invalid', 'team_already_member'],
  summary: 'Joins the team of a code.',
});

export const teamLeave = defineRoute({
  id: 'team.leave',
  method: 'POST',
  path: '/team/leave-team',
  response: userInfoSchema,
  errors: ['team_lead_cannot_leave'],
  summary: 'Leaves the team; the member becomes solo again.',
});

export const teamRemoveMember = defineRoute({
  id: 'team.removeMember',
  method: 'DELETE',
  path: '/team/members/:id',
  params: z.object({ id: z.coerce.number().int().positive() }).strict(),
  response: okResponseSchema,
  errors: ['forbidden', 'team_member_not_found'],
  summary: 'The lead removes a member.',
});

export const teamChangeGroup = defineRoute({
  id: 'team.changeGroup',
  method: 'PUT',
  path: '/team/members/:id/group',
  params: z.object({ id: z.coerce.number().int().positive() }).strict(),
  body: z.object({ group: z.enum(['Team records', 'Only own record']) }).strict(),
  response: teamMemberSchema,
  errors: ['forbidden', 'team_member_not_found'],
  summary: 'The lead changes what a member sees.',
});

export const teamRegenerateCode = defineRoute({
  id: 'team.regenerateCode',
  method: 'POST',
  path: '/team/join-code',
  response: z.object({ joinCode: z.string() }),
  errors: ['forbidden', 'team_invite_forbidden'],
  summary: 'The lead creates a new join link code (the old one stops working).',
});

export const updateProfile = defineRoute({
  id: 'account.updateProfile',
  method: 'PUT',
  path: '/account/profile',
  body: z.object({ name: text(AUTH_LIMITS.nameMax), allowKeepUpdate: z.boolean().optional() }).strict(),
  response: userInfoSchema,
  summary: 'Changes the name and mailing preference.',
});

export const generalRoutes = {
  userInfo,
  userPricingPlanInfo,
  changeLanguage,
  logout,
  continueFreeTrial,
  teamInfo,
  timeZones,
  countries,
  activateCrm,
  detectPaySystem,
  firstPaymentNotifier,
  updateStateFirstPayment,
  featureRequestSettings,
  featureRequest,
  moodInProspect,
  displayedCaptcha,
  passedOnboardingsList,
  passedOnboardingsAdd,
  game,
  gameEvent,
  gameClaimBonus,
  onboardingStepComplete,
  unreadMessagesCount,
  uninstall,
  clearEmailPrepare,
  clearEmailRemove,
  setTimeZone,
} as const;

export const authRoutes = {
  register,
  login,
  twoFactorVerify,
  twoFactorSetup,
  twoFactorEnable,
  twoFactorDisable,
  forgotPassword,
  resetPassword,
  changePassword,
  listSessions,
  signOutOtherSessions,
  csrfToken,
  googleStart,
  googleCallback,
  signInOptions,
  identityLinkConfirm,
  updateProfile,
} as const;

export const teamRoutes = {
  teamInvite,
  teamCheckCode,
  teamAccept,
  teamLeave,
  teamRemoveMember,
  teamChangeGroup,
  teamRegenerateCode,
} as const;
