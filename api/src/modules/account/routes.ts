/** user-info, profile, language, time zone and the plan calls of §7.1. */
import { SESSION, toApiLocale } from '@leadforge/contracts';
import { DomainError } from '../../http/domain-error';
import { LANG_COOKIE } from '../../http/locale';
import { callerOf, notAvailableYet, userOf, type HandlerMap } from '../../http/route-kit';
import type { Services } from '../../services';
import { isValidTimeZone } from '../general/reference-data';
import { anonymousUserInfo } from './service';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function accountHandlers(services: Services): HandlerMap {
  const { accounts, sessions } = services;
  return {
    userInfo: async ({ request, reply, session, sessionState, locale }) => {
      if (sessionState === 'expired') {
        sessions.clearCookie(request, reply);
        throw new DomainError('session_expired');
      }
      if (!session) return anonymousUserInfo(locale);
      return accounts.userInfo(session);
    },
    updateProfile: async (ctx) => accounts.updateProfile(userOf(ctx), ctx.body),
    userPricingPlanInfo: async (ctx) => accounts.pricingPlanInfo(callerOf(ctx)),
    changeLanguage: async ({ body, request, reply, caller }) => {
      // Anonymous visitors keep it in a cookie; a signed-in user's setting also follows them.
      reply.setCookie(LANG_COOKIE, body.lang, { path: '/', sameSite: 'lax', httpOnly: false, maxAge: YEAR_SECONDS, secure: sessions.isSecure(request) });
      if (caller) await accounts.changeLanguage(caller, body.lang);
      return { locale: toApiLocale(body.lang === 'ua' ? 'uk' : body.lang) };
    },
    setTimeZone: async ({ body, request, reply, caller }) => {
      if (!isValidTimeZone(body.timeZone)) throw new DomainError('field_invalid', { field: 'timeZone' });
      reply.setCookie(SESSION.timeZoneCookieName, body.timeZone, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        maxAge: YEAR_SECONDS,
        secure: sessions.isSecure(request),
      });
      if (caller) await accounts.setTimeZone(caller, body.timeZone);
      return { timeZone: body.timeZone };
    },
    continueFreeTrial: async (ctx) => accounts.continueFreeTrial(callerOf(ctx)),
    // Placeholders until the CRM and billing areas exist: no invented answers.
    activateCrm: async (ctx) => notAvailableYet(ctx),
    firstPaymentNotifier: async (ctx) => notAvailableYet(ctx),
    updateStateFirstPayment: async (ctx) => notAvailableYet(ctx),
  };
}
