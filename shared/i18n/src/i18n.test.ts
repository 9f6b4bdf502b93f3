import { waitFor } from '@testing-library/react';
import type { AnyRoute } from '@leadforge/contracts';
import type { CallApi } from '@leadforge/api-client';
import { antdLocaleFor } from './antd-locale';
import { changeLocale, createI18n, currentLocale, i18nReady, registerNamespace, syncLocaleWithUser } from './i18n';

interface RecordedCall {
  routeId: string;
  request: unknown;
}

/** Records what changeLocale asks the API for; the HTTP side itself is tested in api-client. */
function recordingCallApi(calls: RecordedCall[]): CallApi {
  return (async (route: AnyRoute, request?: unknown) => {
    calls.push({ routeId: route.id, request });
    return { locale: 'en' };
  }) as CallApi;
}

function clearCookies() {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(async () => {
  clearCookies();
  await syncLocaleWithUser(null);
});

describe('createI18n', () => {
  it('starts in English with the shell namespaces bundled', async () => {
    const instance = createI18n({ lng: 'en' });
    await i18nReady(instance);
    expect(instance.t('common:actions.save')).toBe('Save');
    expect(instance.t('errors:warning.title')).toBe('Warning');
    expect(instance.t('shell:routes.domainSearch')).toBe('Domain search');
  });

  it('loads another start language lazily and interpolates the support address', async () => {
    const instance = createI18n({ lng: 'uk' });
    await i18nReady(instance);
    expect(instance.t('common:actions.save')).toBe('Зберегти');
    expect(instance.t('errors:an_error_occurred.description', { supportEmail: 'help@example.test' })).toContain('help@example.test');
    expect(currentLocale(instance)).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
  });

  it('detects the start language from the lf_lang cookie before the navigator', async () => {
    document.cookie = 'lf_lang=es; Path=/';
    const instance = createI18n();
    await i18nReady(instance);
    expect(currentLocale(instance)).toBe('es');
    expect(instance.t('common:actions.cancel')).toBe('Cancelar');
  });

  it('uses the plural forms of each language', async () => {
    const instance = createI18n({ lng: 'uk' });
    await i18nReady(instance);
    expect(instance.t('rewards:reward', { count: 1 })).toBe('+1 кредит');
    expect(instance.t('rewards:reward', { count: 3 })).toBe('+3 кредити');
    expect(instance.t('rewards:reward', { count: 5 })).toBe('+5 кредитів');
  });
});

describe('changeLocale', () => {
  it('switches the texts, the cookie and <html lang> without calling the API for a visitor', async () => {
    const instance = createI18n({ lng: 'en' });
    await i18nReady(instance);
    const calls: RecordedCall[] = [];
    await changeLocale('zh', { instance, callApi: recordingCallApi(calls) });
    expect(instance.t('common:actions.save')).toBe('保存');
    expect(document.cookie).toContain('lf_lang=zh');
    expect(document.documentElement.lang).toBe('zh');
    expect(calls).toEqual([]);
  });

  it('saves the language to the account of a signed-in user with the API code', async () => {
    const instance = createI18n({ lng: 'en' });
    await i18nReady(instance);
    await syncLocaleWithUser({ userHashId: 'u1', locale: 'en' }, instance);
    const calls: RecordedCall[] = [];
    await changeLocale('uk', { instance, callApi: recordingCallApi(calls) });
    expect(calls).toEqual([{ routeId: 'general.changeLanguage', request: { body: { lang: 'ua' } } }]);
    expect(instance.t('common:actions.back')).toBe('Назад');
  });

  it('saves to the account when the caller says the user is signed in, before user-info was applied', async () => {
    const instance = createI18n({ lng: 'en' });
    await i18nReady(instance);
    const calls: RecordedCall[] = [];
    await changeLocale('pt', { instance, callApi: recordingCallApi(calls), signedIn: true });
    expect(calls).toEqual([{ routeId: 'general.changeLanguage', request: { body: { lang: 'pt' } } }]);
  });
});

describe('syncLocaleWithUser', () => {
  it('applies a signed-in user’s account language over the cookie', async () => {
    document.cookie = 'lf_lang=es; Path=/';
    const instance = createI18n();
    await i18nReady(instance);
    await syncLocaleWithUser({ userHashId: 'u1', locale: 'pt' }, instance);
    expect(currentLocale(instance)).toBe('pt');
    expect(document.cookie).toContain('lf_lang=pt');
  });

  it('leaves a visitor’s language alone', async () => {
    const instance = createI18n({ lng: 'es' });
    await i18nReady(instance);
    await syncLocaleWithUser({ userHashId: null, locale: 'en' }, instance);
    expect(currentLocale(instance)).toBe('es');
  });

  it('does not switch back when a stale user-info answer races a language change', async () => {
    const instance = createI18n();
    await i18nReady(instance);
    await syncLocaleWithUser({ userHashId: 'u2', locale: 'en' }, instance);
    let release: () => void = () => undefined;
    const slowSave: CallApi = () => new Promise((resolve) => (release = () => resolve({ locale: 'ua' } as never)));
    const switching = changeLocale('uk', { instance, callApi: slowSave });
    await waitFor(() => expect(currentLocale(instance)).toBe('uk'));
    // A refetch answered before the account was saved still says English.
    await syncLocaleWithUser({ userHashId: 'u2', locale: 'en' }, instance);
    expect(currentLocale(instance)).toBe('uk');
    release();
    await switching;
    await syncLocaleWithUser({ userHashId: 'u2', locale: 'ua' }, instance);
    expect(currentLocale(instance)).toBe('uk');
    // A change made elsewhere (another tab, another device) still arrives.
    await syncLocaleWithUser({ userHashId: 'u2', locale: 'es' }, instance);
    expect(currentLocale(instance)).toBe('es');
  });
});

describe('registerNamespace', () => {
  const loadersFor = (suffix: string) => ({
    en: async () => ({ default: { title: `Prospects${suffix}` } }),
    uk: async () => ({ title: `Контакти${suffix}` }),
    zh: async () => ({ title: `潜在客户${suffix}` }),
    pt: async () => ({ title: `Contatos${suffix}` }),
    es: async () => ({ title: `Contactos${suffix}` }),
  });

  it('loads a remote namespace for the current language and again after a switch', async () => {
    const instance = createI18n({ lng: 'uk' });
    await registerNamespace('remote-test', loadersFor(''), instance);
    expect(instance.t('remote-test:title')).toBe('Контакти');
    await instance.changeLanguage('pt');
    expect(instance.t('remote-test:title')).toBe('Contatos');
    await instance.changeLanguage('en');
    expect(instance.t('remote-test:title')).toBe('Prospects');
  });

  it('replaces the texts when another version of the remote registers', async () => {
    const instance = createI18n({ lng: 'es' });
    await registerNamespace('remote-versioned', loadersFor(' v1'), instance);
    expect(instance.t('remote-versioned:title')).toBe('Contactos v1');
    await registerNamespace('remote-versioned', loadersFor(' v2'), instance);
    expect(instance.t('remote-versioned:title')).toBe('Contactos v2');
  });
});

describe('antdLocaleFor', () => {
  it('loads antd’s own texts for each interface language', async () => {
    expect((await antdLocaleFor('en')).locale).toBe('en');
    expect((await antdLocaleFor('uk')).locale).toBe('uk');
    expect((await antdLocaleFor('zh')).locale).toBe('zh-cn');
    expect((await antdLocaleFor('pt')).locale).toBe('pt-br');
    expect((await antdLocaleFor('es')).locale).toBe('es');
  });
});
