/**
 * Time zones (IANA, from Intl) and countries (ISO 3166 with names per locale, from
 * i18n-iso-countries), computed once and kept for the cache life of contracts CACHE.
 */
import { createRequire } from 'node:module';
import { CACHE, fromApiLocale, type Locale } from '@leadforge/contracts';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
const COUNTRY_LANGS: Record<Locale, string> = { en: 'en', uk: 'uk', zh: 'zh', pt: 'pt', es: 'es' };
for (const lang of Object.values(COUNTRY_LANGS)) {
  countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`));
}

export interface TimeZoneEntry {
  id: string;
  name: string;
  offset: string;
  offsetMinutes: number;
}

function offsetOf(timeZone: string, at: Date) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(part ?? '');
  if (!match) return { offset: '+00:00', offsetMinutes: 0 };
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return { offset: `${match[1]}${match[2]}:${match[3]}`, offsetMinutes: match[1] === '-' ? -minutes : minutes };
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

let timeZoneCache: { at: number; value: TimeZoneEntry[] } | undefined;

export function listTimeZones(now = new Date()): TimeZoneEntry[] {
  if (timeZoneCache && now.getTime() - timeZoneCache.at < CACHE.timeZonesSeconds * 1000) return timeZoneCache.value;
  const ids = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];
  const value = ids
    .map((id) => {
      const { offset, offsetMinutes } = offsetOf(id, now);
      return { id, name: `(GMT${offset}) ${id.replace(/_/g, ' ')}`, offset, offsetMinutes };
    })
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.id.localeCompare(b.id));
  timeZoneCache = { at: now.getTime(), value };
  return value;
}

const countryCache = new Map<Locale, { at: number; value: { id: number; code: string; name: string }[] }>();

export function listCountries(apiLocale: string | undefined, now = Date.now()) {
  const locale = fromApiLocale(apiLocale);
  const cached = countryCache.get(locale);
  if (cached && now - cached.at < CACHE.countriesMs) return cached.value;
  const names = countries.getNames(COUNTRY_LANGS[locale], { select: 'official' });
  const collator = new Intl.Collator(locale === 'uk' ? 'uk' : locale);
  const value = Object.entries(names)
    .map(([code, name]) => ({ id: Number(countries.alpha2ToNumeric(code) ?? 0), code, name }))
    .filter((country) => country.id > 0)
    .sort((a, b) => collator.compare(a.name, b.name));
  countryCache.set(locale, { at: now, value });
  return value;
}
