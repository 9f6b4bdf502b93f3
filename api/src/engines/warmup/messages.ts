/**
 * What warm-up mail says: plain, human-like notes and answers in the mailbox owner's language,
 * put together from the phrase banks of api/src/locales/<lng>/warmup.json (ten subjects, five
 * greetings, openers and closings, six bodies and answers a language: thousands of different
 * notes). No links, no pictures, no tracking: a spam filter must see ordinary correspondence,
 * and nothing in it may point anywhere.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, type Locale } from '@leadforge/contracts';

interface PhraseBank {
  subjects: string[];
  greetings: string[];
  openers: string[];
  bodies: string[];
  closings: string[];
  replies: string[];
}

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');

let banks: Record<Locale, PhraseBank> | undefined;

export function warmupPhraseBanks(): Record<Locale, PhraseBank> {
  banks ??= Object.fromEntries(
    LOCALES.map((locale) => [locale, JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'warmup.json'), 'utf8')) as PhraseBank]),
  ) as Record<Locale, PhraseBank>;
  return banks;
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length) % items.length]!;

/** The first word of a display name, or '' (the greeting then uses the address's local part). */
function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}

export interface WarmupMailInput {
  locale: Locale;
  /** The sending mailbox's sender name, signed under the note. */
  senderName: string;
  /** The partner's display name; its address's local part when it has none. */
  recipientName: string | null;
  recipientAddress: string;
  random?: () => number;
}

export interface WarmupMail {
  subject: string;
  text: string;
}

function greeting(bank: PhraseBank, input: WarmupMailInput, random: () => number): string {
  const name = firstName(input.recipientName) || input.recipientAddress.split('@')[0]!;
  return pick(bank.greetings, random).replace('{{name}}', name);
}

function signature(bank: PhraseBank, senderName: string, random: () => number): string {
  const closing = pick(bank.closings, random);
  return senderName.trim() ? `${closing}\n${firstName(senderName)}` : closing;
}

/** A new warm-up note: subject and plain text. */
export function composeWarmupMail(input: WarmupMailInput): WarmupMail {
  const random = input.random ?? Math.random;
  const bank = warmupPhraseBanks()[input.locale] ?? warmupPhraseBanks().en;
  const text = [greeting(bank, input, random), `${pick(bank.openers, random)} ${pick(bank.bodies, random)}`, signature(bank, input.senderName, random)].join('\n\n');
  return { subject: pick(bank.subjects, random), text: `${text}\n` };
}

/** The answer to a warm-up note (the quoted original is added by whoever sends it). */
export function composeWarmupReply(input: WarmupMailInput): string {
  const random = input.random ?? Math.random;
  const bank = warmupPhraseBanks()[input.locale] ?? warmupPhraseBanks().en;
  return `${[greeting(bank, input, random), pick(bank.replies, random), signature(bank, input.senderName, random)].join('\n\n')}\n`;
}
