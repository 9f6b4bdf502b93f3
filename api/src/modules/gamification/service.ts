/**
 * The onboarding game of document 1 §4: steps 1…7, each rewarded once and only when it is in
 * the event list; the congratulation shows once per step; step 6 needs a warm-up email account;
 * the client reports steps 3 and 6, the server detects the others (areas call completeStep).
 */
import { ONBOARDING_STEPS, type GameState, type OnboardingStep } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { PushSink } from '../../platform';
import { callerForUser, scopeOf, type Caller, type Scope } from '../account/caller';
import * as repo from './repository';

/** Reward for finishing every listed step. */
export const ONBOARDING_BONUS = 100;
const ALL_STEPS = Object.values(ONBOARDING_STEPS) as OnboardingStep[];

/** The gamification block of user-info from its parts (completed steps in step order). */
export function summaryOf(
  events: readonly repo.GamificationEventRow[],
  done: readonly { eventId: number; step: number; completedAt: Date; congratulationShown: boolean }[],
  balance: number,
) {
  return {
    eventsList: events.map((event) => ({ id: event.id, step: event.step, name: event.name, reward: event.reward })),
    userEvents: done.map((event) => ({
      eventId: event.eventId,
      step: event.step,
      completedAt: event.completedAt.toISOString(),
      congratulationShown: event.congratulationShown,
    })),
    userBalance: balance,
  };
}

export class GamificationService {
  constructor(
    private readonly db: Db,
    private readonly push: PushSink,
  ) {}

  /** The active events (cached: reference data). Shared: callers must not change them. */
  activeEvents() {
    return repo.cachedActiveEvents(this.db);
  }

  /** The gamification block of user-info. */
  async summary(caller: Caller) {
    const scope = scopeOf(caller);
    const [events, done, balance] = await Promise.all([this.activeEvents(), repo.userEventsOf(this.db, scope), repo.balanceOf(this.db, scope)]);
    return summaryOf(events, done, balance.balance);
  }

  async state(caller: Caller): Promise<GameState> {
    return this.stateIn(scopeOf(caller));
  }

  private async stateIn(scope: Scope): Promise<GameState> {
    const [events, done, balance] = await Promise.all([this.activeEvents(), repo.userEventsOf(this.db, scope), repo.balanceOf(this.db, scope)]);
    const steps = ALL_STEPS.map((step) => {
      const event = events.find((candidate) => candidate.step === step);
      const completed = done.find((candidate) => candidate.step === step);
      return {
        step,
        eventId: event?.id ?? null,
        reward: event?.reward ?? 0,
        inEventList: Boolean(event),
        completed: Boolean(completed),
        congratulationPending: Boolean(completed && !completed.congratulationShown),
      };
    });
    const allListedDone = events.length > 0 && events.every((event) => done.some((item) => item.step === event.step));
    return {
      steps,
      userBalance: balance.balance,
      bonus: {
        amount: ONBOARDING_BONUS,
        available: allListedDone && !balance.bonusClaimedAt,
        claimed: Boolean(balance.bonusClaimedAt),
      },
    };
  }

  /** Rewards a step once; throws when it is not in the event list or already done. */
  private async reward(scope: Scope, step: OnboardingStep): Promise<void> {
    const events = await this.activeEvents();
    const event = events.find((candidate) => candidate.step === step);
    if (!event) throw new DomainError('onboarding_step_not_in_events');
    await this.db.transaction(async (tx) => {
      if (!(await repo.insertUserEvent(tx, scope, event.id, step))) throw new DomainError('onboarding_step_done');
      await repo.addToBalance(tx, scope, event.reward);
    });
    this.push.emitToUser(scope.userId, { type: 'account.changed', payload: { what: 'balance' } });
  }

  async completeStep(caller: Caller, step: OnboardingStep): Promise<GameState> {
    const scope = scopeOf(caller);
    await this.reward(scope, step);
    return this.stateIn(scope);
  }

  /**
   * Server-detected steps: silently nothing when not rewardable (not listed, already done). Takes
   * the caller, or the id of a user acted for without one (a sign-up, the seed), whose caller is
   * then read.
   */
  async completeStepQuietly(who: Caller | number, step: OnboardingStep): Promise<void> {
    try {
      const caller = typeof who === 'number' ? await callerForUser(this.db, who) : who;
      await this.reward(scopeOf(caller), step);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** Steps the client reports (3: extension present, 6: warm-up account). */
  async reportStep(caller: Caller, step: 3 | 6): Promise<GameState> {
    if (step === ONBOARDING_STEPS.warmUp && !(await repo.hasWarmupEmailAccount(this.db, scopeOf(caller)))) {
      throw new DomainError('onboarding_step_requirement');
    }
    return this.completeStep(caller, step);
  }

  async acknowledge(caller: Caller, eventId: number): Promise<GameState> {
    const scope = scopeOf(caller);
    if (!(await repo.markCongratulationShown(this.db, scope, eventId))) throw new DomainError('not_found');
    return this.stateIn(scope);
  }

  async claimBonus(caller: Caller): Promise<GameState> {
    const scope = scopeOf(caller);
    const state = await this.stateIn(scope);
    if (!state.bonus.available) throw new DomainError('bonus_not_available');
    if (!(await repo.claimBonus(this.db, scope, ONBOARDING_BONUS, new Date()))) throw new DomainError('bonus_not_available');
    this.push.emitToUser(scope.userId, { type: 'account.changed', payload: { what: 'balance' } });
    return this.stateIn(scope);
  }
}
