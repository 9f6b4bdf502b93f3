/** The onboarding game: state, congratulation acknowledgement, client-reported steps, bonus. */
import { callerOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function gamificationHandlers(services: Services): HandlerMap {
  const { gamification } = services;
  return {
    game: async (ctx) => gamification.state(callerOf(ctx)),
    gameEvent: async (ctx) => gamification.acknowledge(callerOf(ctx), ctx.body.eventId),
    gameClaimBonus: async (ctx) => gamification.claimBonus(callerOf(ctx)),
    onboardingStepComplete: async (ctx) => gamification.reportStep(callerOf(ctx), ctx.body.step),
  };
}
