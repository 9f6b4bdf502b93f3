/**
 * Mail texts in the five locales (api/src/locales/<lng>/emails.json) through i18next, so mail
 * follows the same translation rules as the UI. Plain-text mail: no HTML to escape or sanitise.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@leadforge/contracts';
import i18next, { type i18n } from 'i18next';

export const MAIL_KINDS = ['passwordReset', 'passwordChanged', 'teamInvite', 'clearEmail', 'identityLink'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');

export function loadEmailResources(): Record<Locale, Record<string, unknown>> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'emails.json'), 'utf8'))]),
  ) as Record<Locale, Record<string, unknown>>;
}

let instance: i18n | undefined;

function mailI18n(): i18n {
  if (instance) return instance;
  const resources = loadEmailResources();
  const created = i18next.createInstance();
  void created.init({
    initAsync: false,
    fallbackLng: 'en',
    supportedLngs: [...LOCALES],
    ns: ['emails'],
    defaultNS: 'emails',
    resources: Object.fromEntries(Object.entries(resources).map(([lng, emails]) => [lng, { emails }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = created;
  return created;
}

export interface RenderedMail {
  subject: string;
  text: string;
}

/** One text of the mail texts (`quote.replyIntro`, …) in a locale, values filled in as given (escape them first for HTML). */
export function mailText(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  return mailI18n().getFixedT(locale, 'emails')(key, values);
}

export function renderMail(kind: MailKind, locale: Locale, values: Record<string, string | number>): RenderedMail {
  const t = mailI18n().getFixedT(locale, 'emails');
  return { subject: t(`${kind}.subject`, values), text: t(`${kind}.text`, values) };
}
