import { assertCompleteLocales, shareIdenticalToEnglish } from '@leadforge/i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import pt from './locales/pt.json';
import uk from './locales/uk.json';
import zh from './locales/zh.json';
import { NAMESPACE } from './i18n';

const resources = {
  en: { [NAMESPACE]: en },
  uk: { [NAMESPACE]: uk },
  zh: { [NAMESPACE]: zh },
  pt: { [NAMESPACE]: pt },
  es: { [NAMESPACE]: es },
};

describe('warmup translations', () => {
  it('has every key in every locale', () => {
    expect(() => assertCompleteLocales(resources)).not.toThrow();
  });

  it('is translated, not copied from English (brand and product names aside)', () => {
    for (const locale of ['uk', 'zh', 'pt', 'es'] as const) expect(shareIdenticalToEnglish(resources, locale)).toBeLessThan(0.5);
  });
});
