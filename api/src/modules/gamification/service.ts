/**
 * The onboarding game of document 1 §4: steps 1…7, each rewarded once and only when it is in
 * the event list; the congratulation shows once per step; step 6 needs a warm-up email account;
 * the client reports steps 3 and 6, the server detects the others (areas call completeStep).
 */
import { ONBOARDING_STEPS, type GameState, type OnboardingStep } from '@leadforge/contracts';
import type { Db } from '../../db/types';
import { DomainError } from '../../http/domain-error';
import type { PushSink } from '../../platform';
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
  async summary(userId: number) {
    const [events, done, balance] = await Promise.all([
      this.activeEvents(),
      repo.userEventsOf(this.db, userId),
      repo.balanceOf(this.db, userId),
    ]);
    return summaryOf(events, done, balance.balance);
  }

  async state(userId: number): Promise<GameState> {
    const [events, done, balance] = await Promise.all([
      this.activeEvents(),
      repo.userEventsOf(this.db, userId),
      repo.balanceOf(this.db, userId),
    ]);
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
  async completeStep(userId: number, step: OnboardingStep): Promise<GameState> {
    const events = await this.activeEvents();
    const event = events.find((candidate) => candidate.step === step);
    if (!event) throw new DomainError('onboarding_step_not_in_events');
    await this.db.transaction(async (tx) => {
      if (!(await repo.insertUserEvent(tx, userId, event.id, step))) throw new DomainError('onboarding_step_done');
      await repo.addToBalance(tx, userId, event.reward);
    });
    this.push.emitToUser(userId, { type: 'account.changed', payload: { what: 'balance' } });
    return this.state(userId);
  }

  /** Server-detected steps: silently nothing when not rewardable (not listed, already done). */
  async completeStepQuietly(userId: number, step: OnboardingStep): Promise<void> {
    try {
      await this.completeStep(userId, step);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }

  /** Steps the client reports (3: extension present, 6: warm-up account). */
  async reportStep(userId: number, step: 3 | 6): Promise<GameState> {
    if (step === ONBOARDING_STEPS.warmUp && !(await repo.hasWarmupEmailAccount(this.db, userId))) {
      throw new DomainError('onboarding_step_requirement');
    }
    return this.completeStep(userId, step);
  }

  async acknowledge(userId: number, eventId: number): Promise<GameState> {
    if (!(await repo.markCongratulationShown(this.db, userId, eventId))) throw new DomainError('not_found');
    return this.state(userId);
  }

  async claimBonus(userId: number): Promise<GameState> {
    const state = await this.state(userId);
    if (!state.bonus.available) throw new DomainError('bonus_not_available');
    if (!(await repo.claimBonus(this.db, userId, ONBOARDING_BONUS, new Date()))) throw new DomainError('bonus_not_available');
    this.push.emitToUser(userId, { type: 'account.changed', payload: { what: 'balance' } });
    return this.state(userId);
  }
}
