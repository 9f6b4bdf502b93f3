import { assertCompleteLocales, shareIdenticalToEnglish } from '@leadforge/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';
import uk from './locales/uk.json';
import zh from './locales/zh.json';

const resources = { en: { federation: en }, uk: { federation: uk }, zh: { federation: zh }, pt: { federation: pt }, es: { federation: es } };

describe('federation translations', () => {
  it('has every key in every locale', () => {
    expect(() => assertCompleteLocales(resources)).not.toThrow();
  });

  it('is translated, not copied from English', () => {
    for (const locale of ['uk', 'zh', 'pt', 'es'] as const) expect(shareIdenticalToEnglish(resources, locale)).toBeLessThan(0.3);
  });
});
