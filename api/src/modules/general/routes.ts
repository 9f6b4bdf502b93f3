/** Reference data and the small general calls of §7.1. */
import { notAvailableYet, userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { teamFactsOf } from '../account/service';
import { listCountries, listTimeZones } from './reference-data';

export function generalHandlers(services: Services): HandlerMap {
  const { general, accounts } = services;
  return {
    timeZones: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { timeZones: listTimeZones() };
    },
    countries: async ({ query, reply, locale }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { countries: listCountries(query.locale ?? locale) };
    },
    // Placeholders until billing and the unibox exist: no invented answers.
    detectPaySystem: async (ctx) => notAvailableYet(ctx),
    featureRequestSettings: async (ctx) => {
      userOf(ctx);
      return general.featureRequestSettings();
    },
    featureRequest: async (ctx) => general.createFeatureRequest(userOf(ctx).userId, ctx.body),
    moodInProspect: async (ctx) => {
      const session = userOf(ctx);
      const context = await accounts.context(session.userId);
      return general.setMood(
        { userId: session.userId, accountId: session.accountId, teamId: context.teamId, team: teamFactsOf(context) },
        ctx.body.prospectId,
        ctx.body.moodPoint,
      );
    },
    displayedCaptcha: async ({ body, ip, session }) => {
      await general.displayedCaptcha(body.place, ip, session?.twoFactorPending ? null : (session?.userId ?? null));
      return { ok: true as const };
    },
    passedOnboardingsList: async (ctx) => general.passedOnboardings(userOf(ctx).userId),
    passedOnboardingsAdd: async (ctx) => general.addPassedOnboarding(userOf(ctx).userId, ctx.body.type),
    unreadMessagesCount: async (ctx) => notAvailableYet(ctx),
    uninstall: async ({ body, session }) => {
      await general.uninstall(body, session && !session.twoFactorPending ? session.userId : null);
      return { ok: true as const };
    },
    clearEmailPrepare: async ({ body, ip, locale }) => general.clearEmailPrepare(body, ip, locale),
    clearEmailRemove: async ({ body }) => general.clearEmailRemove(body.key),
  };
}
