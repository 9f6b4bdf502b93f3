import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_KEYS, LOCALES, SUPPORT_EMAIL, type Locale } from '@leadforge/contracts';
import { findLocaleProblems, assertCompleteLocales, shareIdenticalToEnglish, type LocaleResources } from './completeness';
import { SHELL_NAMESPACES, detectLocale, matchLocale } from './locales';

const localesDir = join(__dirname, '..', 'locales');

function readAll(): Record<Locale, LocaleResources> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      Object.fromEntries(
        readdirSync(join(localesDir, locale))
          .filter((file) => file.endsWith('.json'))
          .map((file) => [file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(localesDir, locale, file), 'utf8')) as unknown]),
      ),
    ]),
  ) as Record<Locale, LocaleResources>;
}

const resources = readAll();

describe('the shell translations', () => {
  it('have every shell namespace in every locale', () => {
    for (const locale of LOCALES) expect(Object.keys(resources[locale]).sort()).toEqual([...SHELL_NAMESPACES].sort());
  });

  it('have the same keys, variables and needed plural forms in every locale', () => {
    expect(findLocaleProblems(resources)).toEqual([]);
  });

  it('are real translations, not English copies', () => {
    for (const locale of LOCALES.filter((candidate) => candidate !== 'en')) {
      // Brand names, language names and "CRM" stay the same; everything else is translated.
      expect(shareIdenticalToEnglish(resources, locale)).toBeLessThan(0.05);
    }
  });

  it('give every error key of the catalogue a title and a description in every locale', () => {
    for (const locale of LOCALES) {
      const errors = resources[locale].errors as Record<string, { title?: unknown; description?: unknown }>;
      expect(Object.keys(errors).sort()).toEqual([...ERROR_KEYS].sort());
      for (const key of ERROR_KEYS) {
        expect(typeof errors[key]?.title === 'string' && (errors[key]?.title as string).trim()).toBeTruthy();
        expect(typeof errors[key]?.description === 'string' && (errors[key]?.description as string).trim()).toBeTruthy();
      }
    }
  });

  it('put the support address into "an error occurred" through {{supportEmail}}', () => {
    for (const locale of LOCALES) {
      const errors = resources[locale].errors as Record<string, { description: string }>;
      expect(errors.an_error_occurred?.description).toContain('{{supportEmail}}');
      expect(errors.an_error_occurred?.description).not.toContain(SUPPORT_EMAIL);
    }
  });
});

describe('the completeness check', () => {
  const en = { ns: { a: 'A {{name}}', nested: { b: 'B' }, apples_one: '{{count}} apple', apples_other: '{{count}} apples' } };
  const complete = (tree: Record<string, unknown>) => ({ en, uk: { ns: tree }, zh: { ns: tree }, pt: { ns: tree }, es: { ns: tree } });
  const ukPlurals = { apples_one: '{{count}} x', apples_few: '{{count}} x', apples_many: '{{count}} x', apples_other: '{{count}} x' };

  it('reports a key missing from one locale, recursively', () => {
    const problems = findLocaleProblems({
      ...complete({ a: 'x {{name}}', nested: { b: 'y' }, ...ukPlurals }),
      es: { ns: { a: 'x {{name}}', nested: {}, ...ukPlurals } },
    });
    expect(problems).toContain('es/ns: missing key "nested.b"');
  });

  it('reports a key only another locale has', () => {
    const problems = findLocaleProblems(complete({ a: 'x {{name}}', nested: { b: 'y', extra: 'z' }, ...ukPlurals }));
    expect(problems).toContain('en/ns: missing key "nested.extra"');
  });

  it('reports interpolation variables that differ', () => {
    const problems = findLocaleProblems(complete({ a: 'x {{nom}}', nested: { b: 'y' }, ...ukPlurals }));
    expect(problems).toContain('uk/ns: "a" uses {{nom}} but en uses {{name}}');
  });

  it('reports a plural form the language needs', () => {
    const problems = findLocaleProblems({
      ...complete({ a: 'x {{name}}', nested: { b: 'y' }, ...ukPlurals }),
      uk: { ns: { a: 'x {{name}}', nested: { b: 'y' }, apples_one: '{{count}} x', apples_other: '{{count}} x' } },
    });
    expect(problems).toEqual(
      expect.arrayContaining(['uk/ns: "apples" lacks the plural form _few', 'uk/ns: "apples" lacks the plural form _many']),
    );
  });

  it('reports a missing locale, a missing namespace and an empty text', () => {
    const problems = findLocaleProblems({ en, uk: {}, zh: { ns: { a: ' ', nested: { b: 'y' }, apples_other: '{{count}}' } } });
    expect(problems).toEqual(
      expect.arrayContaining(['locale pt is missing', 'locale es is missing', 'uk/ns: namespace is missing', 'zh/ns: empty text at "a"']),
    );
    expect(() => assertCompleteLocales({ en })).toThrow(/Incomplete translations:[\s\S]*locale uk is missing/);
  });
});

describe('locale detection', () => {
  it('maps language tags and the API code to supported locales', () => {
    expect(matchLocale('uk-UA')).toBe('uk');
    expect(matchLocale('ua')).toBe('uk');
    expect(matchLocale('pt-BR')).toBe('pt');
    expect(matchLocale('zh-Hans-CN')).toBe('zh');
    expect(matchLocale('es_ES')).toBe('es');
    expect(matchLocale('de-DE')).toBeNull();
    expect(matchLocale('')).toBeNull();
  });

  it('prefers user-info, then the lf_lang cookie, then the navigator, then English', () => {
    expect(detectLocale({ userLocale: 'ua', cookie: 'es', navigatorLanguages: ['zh-CN'] })).toBe('uk');
    expect(detectLocale({ userLocale: null, cookie: 'es', navigatorLanguages: ['zh-CN'] })).toBe('es');
    expect(detectLocale({ cookie: 'klingon', navigatorLanguages: ['de-DE', 'pt-BR'] })).toBe('pt');
    expect(detectLocale({ navigatorLanguages: ['de-DE'] })).toBe('en');
    expect(detectLocale({})).toBe('en');
  });
});
