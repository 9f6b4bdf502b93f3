/**
 * The caller's locale for translated errors and mail: the user's setting, else the `lf_lang`
 * cookie (anonymous visitors), else Accept-Language, else English.
 */
import { fromApiLocale, LOCALES, type Locale } from '@leadforge/contracts';
import type { FastifyRequest } from 'fastify';

export const LANG_COOKIE = 'lf_lang';

export function parseAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((param) => param.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] ?? '';
    if (base === 'ua') return 'uk';
    if ((LOCALES as readonly string[]).includes(base)) return base as Locale;
  }
  return null;
}

export function resolveLocale(request: FastifyRequest, userLocale: string | null | undefined): Locale {
  if (userLocale) return fromApiLocale(userLocale);
  const cookie = request.cookies?.[LANG_COOKIE];
  if (cookie && (cookie === 'ua' || (LOCALES as readonly string[]).includes(cookie))) return fromApiLocale(cookie);
  return parseAcceptLanguage(request.headers['accept-language']) ?? 'en';
}
