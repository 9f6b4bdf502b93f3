/**
 * Error titles and descriptions from `shared/i18n/locales/<lng>/errors.json` (written by the
 * front-end i18n package, one catalogue for both sides). A missing file or key falls back to
 * English, then to the key itself: translating an error must never fail the request.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SUPPORT_EMAIL, type ErrorKey, type Locale } from '@leadforge/contracts';
import { REPO_ROOT } from '../config';

type Catalogue = Record<string, { title?: unknown; description?: unknown }>;

export interface ErrorText {
  title: string;
  description: string;
}

export class ErrorTexts {
  private readonly cache = new Map<Locale, Catalogue>();

  constructor(private readonly localesDir = path.join(REPO_ROOT, 'shared', 'i18n', 'locales')) {}

  private catalogue(locale: Locale): Catalogue | undefined {
    const cached = this.cache.get(locale);
    if (cached) return cached;
    try {
      const parsed = JSON.parse(readFileSync(path.join(this.localesDir, locale, 'errors.json'), 'utf8')) as unknown;
      if (parsed && typeof parsed === 'object') {
        this.cache.set(locale, parsed as Catalogue);
        return parsed as Catalogue;
      }
    } catch {
      // Not written yet (or unreadable): try again on a later request, answer with the key now.
    }
    return undefined;
  }

  translate(key: ErrorKey, locale: Locale, values: Record<string, string | number> = {}): ErrorText {
    const entry = this.catalogue(locale)?.[key] ?? (locale === 'en' ? undefined : this.catalogue('en')?.[key]);
    const title = typeof entry?.title === 'string' ? entry.title : key;
    const description = typeof entry?.description === 'string' ? entry.description : key;
    const all: Record<string, string | number> = { supportEmail: SUPPORT_EMAIL, ...values };
    const fill = (text: string) =>
      text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in all ? String(all[name]) : match));
    return { title: fill(title), description: fill(description) };
  }
}
