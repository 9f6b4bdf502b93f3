/** The onboarding game: state, congratulation acknowledgement, client-reported steps, bonus. */
import { userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';

export function gamificationHandlers(services: Services): HandlerMap {
  const { gamification } = services;
  return {
    game: async (ctx) => gamification.state(userOf(ctx).userId),
    gameEvent: async (ctx) => gamification.acknowledge(userOf(ctx).userId, ctx.body.eventId),
    gameClaimBonus: async (ctx) => gamification.claimBonus(userOf(ctx).userId),
    onboardingStepComplete: async (ctx) => gamification.reportStep(userOf(ctx).userId, ctx.body.step),
  };
}
