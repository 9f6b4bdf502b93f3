/**
 * The signed-in user as the shell sees it (user-info), profile and preferences, and the plan
 * calls of §7.1. Plan permissions come from contracts/rules/permissions through plan-rules.
 */
import {
  COMPLETE_USER_REGISTRATION,
  toApiLocale,
  type ApiLocale,
  type Locale,
  type PricingPlan,
  type TeamFacts,
  type UserInfo,
  fromApiLocale,
} from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { PushSink } from '../../platform';
import { summaryOf, type GamificationService } from '../gamification/service';
import type { ActiveSession, SessionLookup, SessionService } from '../auth/sessions';
import { callerForUser, scopeOf, type Caller } from './caller';
import { planPermissions, pricingPlanOf, trialAvailable, type SubscriptionFacts } from './plan-rules';
import * as repo from './repository';

export function anonymousUserInfo(locale: Locale, twoFactorPending = false): UserInfo {
  return {
    userHashId: null,
    account: null,
    team: null,
    registrationInfo: null,
    pricingPlan: null,
    gamification: null,
    twoFactorAuth: { isNeedAuth: twoFactorPending },
    allowGamification: false,
    isAllowSentimentalStuff: false,
    locale: toApiLocale(locale),
    gaUserIdHash: null,
    currencyId: null,
    name: null,
    email: null,
    userCreated: null,
    allowKeepUpdate: false,
    lastActivity: null,
    redirect: null,
    session_expired: false,
    isAdminLogin: false,
  };
}

export function teamFactsOf(context: Pick<repo.UserContext, 'teamId' | 'isLead' | 'group'>): TeamFacts {
  return { isTeam: context.teamId !== null, isLead: context.isLead ?? 0, group: context.group ?? null };
}

type SubscriptionSource = Pick<repo.UserContext, 'planName' | 'planIsFree' | 'startedAt' | 'endsAt' | 'trialStartedAt' | 'freeContinuedAt'> & {
  user: Pick<repo.UserContext['user'], 'createdAt'>;
};

export function subscriptionOf(context: SubscriptionSource): SubscriptionFacts {
  return {
    planName: context.planName ?? 'FREE',
    isFree: context.planIsFree ?? true,
    startedAt: context.startedAt ?? context.user.createdAt,
    endsAt: context.endsAt ?? null,
    trialStartedAt: context.trialStartedAt ?? null,
    freeContinuedAt: context.freeContinuedAt ?? null,
  };
}

/** What user-info shows of the user: read with the session (lookupForUserInfo) or as the context. */
type UserInfoSource = SubscriptionSource &
  Pick<repo.UserContext, 'teamId' | 'isLead' | 'group' | 'accountHash'> & {
    user: Pick<
      repo.UserContext['user'],
      | 'accountId'
      | 'email'
      | 'name'
      | 'hashId'
      | 'gaUserIdHash'
      | 'registrationId'
      | 'needsRegistrationCompletion'
      | 'allowGamification'
      | 'isAllowSentimentalStuff'
      | 'lastActivityAt'
      | 'createdAt'
    >;
    settings: Pick<repo.UserContext['settings'], 'locale' | 'currencyId' | 'allowKeepUpdate'>;
  };

function userInfoOf(session: ActiveSession, context: UserInfoSource, gamification: UserInfo['gamification']): UserInfo {
  const { user, settings } = context;
  const team = teamFactsOf(context);
  return {
    userHashId: user.hashId,
    account: { id: user.accountId, isTeam: team.isTeam, isLead: team.isLead, hash: context.accountHash },
    team: team.isTeam ? { isLead: team.isLead, group: team.group } : null,
    registrationInfo: { registrationId: user.registrationId },
    pricingPlan: pricingPlanOf(subscriptionOf(context), new Date()),
    gamification,
    twoFactorAuth: { isNeedAuth: false },
    allowGamification: user.allowGamification && !session.isAdminLogin,
    isAllowSentimentalStuff: user.isAllowSentimentalStuff,
    locale: toApiLocale(fromApiLocale(settings.locale)),
    gaUserIdHash: user.gaUserIdHash,
    currencyId: settings.currencyId,
    name: user.name,
    email: user.email,
    userCreated: user.createdAt.toISOString(),
    allowKeepUpdate: settings.allowKeepUpdate,
    lastActivity: (user.lastActivityAt ?? user.createdAt).toISOString(),
    redirect: user.needsRegistrationCompletion ? COMPLETE_USER_REGISTRATION : null,
    session_expired: false,
    isAdminLogin: session.isAdminLogin,
  };
}

export class AccountService {
  /** user-info data read with the session by lookupForUserInfo, until userInfo() uses it. */
  private readonly preloaded = new WeakMap<ActiveSession, repo.SessionUserInfo>();

  constructor(
    private readonly db: Db,
    private readonly gamification: GamificationService,
    private readonly push: PushSink,
    private readonly sessions: SessionService,
  ) {}

  /**
   * A user's whole context read by id. Request paths take the Caller instead (read with the
   * session); this serves user-info's fresh read and areas not yet passing the caller.
   */
  async context(userId: number): Promise<repo.UserContext> {
    const context = await repo.loadUserContext(this.db, userId);
    if (!context) throw new DomainError('session_expired');
    return context;
  }


  /**
   * The session lookup of the user-info call: reads the session together with everything
   * user-info shows, in one query (the shell asks for user-info on every load). userInfo() then
   * answers from that read instead of querying again.
   */
  async lookupForUserInfo(token: string | undefined): Promise<SessionLookup> {
    const { lookup, row, touched } = await this.sessions.lookupVia(token, (tokenHash) => repo.loadSessionUserInfo(this.db, tokenHash));
    // After a touch the row's last activity is out of date: userInfo() then reads afresh.
    if (lookup.state === 'valid' && row && !touched && !lookup.session.twoFactorPending) this.preloaded.set(lookup.session, row);
    return lookup;
  }

  async userInfo(session: ActiveSession): Promise<UserInfo> {
    if (session.twoFactorPending) return anonymousUserInfo(fromApiLocale(session.locale), true);
    const preloaded = this.preloaded.get(session);
    if (preloaded) {
      // Used once: a later userInfo() of the same session (after a change) reads afresh.
      this.preloaded.delete(session);
      const done = preloaded.userEvents.map((event) => ({ ...event, completedAt: new Date(event.completedAt) }));
      return userInfoOf(session, preloaded, summaryOf(await this.gamification.activeEvents(), done, preloaded.balance ?? 0));
    }
    // A fresh read after a change (the session's preloaded row is used once): the user's own.
    const [context, gamification] = await Promise.all([this.context(session.userId), this.gamification.summary(session.caller)]);
    return userInfoOf(session, context, gamification);
  }

  async updateProfile(session: ActiveSession, input: { name: string; allowKeepUpdate?: boolean | undefined }) {
    const scope = scopeOf(session.caller);
    // Saving the profile is how a Google sign-up completes its registration.
    await repo.updateProfile(this.db, scope, { name: input.name, needsRegistrationCompletion: false });
    if (input.allowKeepUpdate !== undefined) {
      await repo.updateSettings(this.db, scope, { allowKeepUpdate: input.allowKeepUpdate });
    }
    this.push.emitToUser(scope.userId, { type: 'account.changed', payload: { what: 'userInfo' } });
    return this.userInfo(session);
  }

  async changeLanguage(caller: Caller, lang: ApiLocale) {
    await repo.updateSettings(this.db, scopeOf(caller), { locale: lang });
    this.push.emitToUser(caller.userId, { type: 'account.changed', payload: { what: 'locale' } });
  }

  async setTimeZone(caller: Caller, timeZone: string) {
    await repo.updateSettings(this.db, scopeOf(caller), { timeZone });
  }

  pricingPlanInfo(caller: Caller) {
    const { plan, team, subscription: sub } = caller;
    return {
      ...plan,
      planName: sub.planName as 'FREE',
      startedAt: sub.startedAt.toISOString(),
      endsAt: sub.endsAt?.toISOString() ?? null,
      ...planPermissions(plan, team),
      trialAvailable: trialAvailable(sub) && (!team.isTeam || team.isLead === 1),
    };
  }

  /**
   * After (or during) the 14-day trial the account may go on with the free plan, once. Only the
   * owner of the plan decides: solo users and team leads.
   */
  async continueFreeTrial(caller: Caller): Promise<PricingPlan> {
    const { team, subscription } = caller;
    if (!trialAvailable(subscription) || (team.isTeam && team.isLead !== 1)) throw new DomainError('trial_not_available');
    if (!(await repo.continueTrialWithFreePlan(this.db, scopeOf(caller), new Date()))) throw new DomainError('trial_not_available');
    this.push.emitToUser(caller.userId, { type: 'account.changed', payload: { what: 'plan' } });
    // The caller's plan as of the request is the trial's: the answer is the plan just written.
    return (await callerForUser(this.db, caller.userId)).plan;
  }

}
