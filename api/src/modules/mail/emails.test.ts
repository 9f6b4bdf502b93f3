import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALES } from '@leadforge/contracts';
import { MAIL_KINDS, loadEmailResources, renderMail } from './templates';

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('mail texts', () => {
  it('has every key in every locale, with the same placeholders', () => {
    const resources = loadEmailResources();
    const english = keysOf(resources.en).sort();
    for (const kind of MAIL_KINDS) assert.ok(english.includes(`${kind}.subject`) && english.includes(`${kind}.text`), kind);
    for (const locale of LOCALES) {
      assert.deepEqual(keysOf(resources[locale]).sort(), english, locale);
      for (const key of english) {
        const get = (lng: string) => key.split('.').reduce<any>((node, part) => node?.[part], resources[lng as 'en']) as string;
        const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        assert.deepEqual(placeholders(get(locale)), placeholders(get('en')), `${locale} ${key}`);
      }
    }
  });

  it('renders a mail in the asked locale with its values', () => {
    const mail = renderMail('passwordReset', 'uk', { name: 'Оля', minutes: 60, link: 'http://x/forgot/reset?token=a&b' });
    assert.match(mail.subject, /пароля/);
    assert.ok(mail.text.includes('http://x/forgot/reset?token=a&b'));
    assert.ok(mail.text.includes('Оля'));
  });
});
