/** Reference data and the small general calls of §7.1. */
import { callerOf, notAvailableYet, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { listCountries, listTimeZones } from './reference-data';

export function generalHandlers(services: Services): HandlerMap {
  const { general } = services;
  return {
    timeZones: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { timeZones: listTimeZones() };
    },
    countries: async ({ query, reply, locale }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { countries: listCountries(query.locale ?? locale) };
    },
    // Placeholders until billing exists: no invented answers.
    detectPaySystem: async (ctx) => notAvailableYet(ctx),
    featureRequestSettings: async (ctx) => {
      callerOf(ctx);
      return general.featureRequestSettings();
    },
    featureRequest: async (ctx) => general.createFeatureRequest(callerOf(ctx), ctx.body),
    moodInProspect: async (ctx) => general.setMood(callerOf(ctx), ctx.body.prospectId, ctx.body.moodPoint),
    // Anonymous visitors may call these two: the caller is null for them (and mid-second-factor).
    displayedCaptcha: async ({ body, ip, caller }) => {
      await general.displayedCaptcha(caller, body.place, ip);
      return { ok: true as const };
    },
    passedOnboardingsList: async (ctx) => general.passedOnboardings(callerOf(ctx)),
    passedOnboardingsAdd: async (ctx) => general.addPassedOnboarding(callerOf(ctx), ctx.body.type),
    // The unibox's unread mail: synced inbound messages of the caller's unibox mailboxes.
    unreadMessagesCount: async (ctx) => ({ unreadMessages: await services.unibox.unreadCount(callerOf(ctx), undefined) }),
    uninstall: async ({ body, caller }) => {
      await general.uninstall(caller, body);
      return { ok: true as const };
    },
    clearEmailPrepare: async ({ body, ip, locale }) => general.clearEmailPrepare(body, ip, locale),
    clearEmailRemove: async ({ body }) => general.clearEmailRemove(body.key),
  };
}
