/**
 * The forms inbound mail is compared in: bare Message-IDs, lower-case addresses with ASCII
 * domains, and subjects without reply, forward and auto-reply prefixes. The sending side stores its
 * own Message-IDs and recipients in the same forms so that a lookup is plain equality.
 */
import { domainToASCII } from 'node:url';

/**
 * A Message-ID without its angle brackets (`abc@host`), or null when there is none. Case is kept:
 * the left part is opaque and some providers generate ids that differ only in case.
 */
export function normaliseMessageId(value: string | null | undefined): string | null {
  if (!value) return null;
  const bracketed = /<([^<>\s]+)>/.exec(value);
  const bare = (bracketed?.[1] ?? value.trim().split(/\s+/)[0] ?? '').replace(/^<|>$/g, '');
  return bare.length > 0 && bare.length <= 998 ? bare : null;
}

/**
 * Every Message-ID in a References or In-Reply-To value, in order, without duplicates. Clients
 * separate them with spaces, commas or nothing at all; some add comments such as
 * `<id> (Maria's message of Monday)`, so bracketed ids win when there are any.
 */
export function extractMessageIds(value: string | null | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '');
  const ids = bracketed.length > 0 ? bracketed : value.split(/[\s,]+/).filter((token) => token.includes('@'));
  return [...new Set(ids.map((id) => normaliseMessageId(id)).filter((id): id is string => id !== null))];
}

/** `Maria@Exämple.COM` → `maria@xn--exmple-cua.com`; null for anything without a local part and a domain. */
export function normaliseAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  const raw = value.trim().replace(/^<|>$/g, '').normalize('NFC');
  const at = raw.lastIndexOf('@');
  if (at <= 0 || at === raw.length - 1) return null;
  const local = raw.slice(0, at).toLowerCase();
  const domainInput = raw
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  // Mail parsers hand internationalised domains back in Unicode; stored addresses use the ASCII form.
  const domain = domainToASCII(domainInput) || domainInput;
  return `${local}@${domain}`;
}

export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}

/**
 * Prefixes mail clients put before a subject when replying or forwarding, in the five product
 * locales and the languages prospects commonly answer in (de, fr, it, nl, nordic, pl, ru), and
 * the prefixes auto-responders use, so an out-of-office answer matches the subject it answers.
 */
const SUBJECT_PREFIXES = [
  're',
  'fw',
  'fwd',
  'aw',
  'wg',
  'sv',
  'vs',
  'antw',
  'odp',
  'pd',
  'r',
  'rif',
  'i',
  'tr',
  'ref',
  'réf',
  'res',
  'rv',
  'enc',
  'encaminhada',
  'ynt',
  'ilt',
  'atb',
  'vl',
  'vb',
  'доб',
  'відп',
  'відповідь',
  'пересл',
  'переслати',
  'пер',
  'отв',
  'ответ',
  'переадресовано',
  '回复',
  '回覆',
  '答复',
  '答覆',
  '转发',
  '轉寄',
  '轉發',
  '回信',
  'automatic reply',
  'auto reply',
  'autoreply',
  'auto-reply',
  'auto response',
  'out of office',
  'out of the office',
  'ooo',
  'automatische antwort',
  'réponse automatique',
  'risposta automatica',
  'automatisch antwoord',
  'автоматична відповідь',
  'автоматический ответ',
  '自动回复',
  '自動回覆',
  '自动答复',
  '自動回復',
  'resposta automática',
  'respuesta automática',
  'fuera de la oficina',
  'ausente',
  'fora do escritório',
];
const ESCAPED_PREFIXES = SUBJECT_PREFIXES.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
// `Re[2]:`, `Re(3):`, `RE :` (French spacing) and the full-width colon of CJK clients.
const PREFIX = new RegExp(`^(?:${ESCAPED_PREFIXES})\\s*(?:\\[\\d+\\]|\\(\\d+\\))?\\s*[:：]\\s*`, 'iu');
// Tags gateways prepend to mail from outside the company: `[EXTERNAL] RE: …`.
const GATEWAY_TAG =
  /^\[(?:external|ext|extern|externe|externo|external email|external sender|caution|warning|spam|suspected spam|suspicious)\]\s*/iu;

/**
 * The subject a reply is matched on: prefixes and gateway tags stripped however often they repeat,
 * white space collapsed, lower case. `RE: AW: [EXTERNAL] Fwd: Quick  Question` → `quick question`.
 */
export function normaliseSubject(subject: string | null | undefined): string {
  let rest = (subject ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  for (;;) {
    const next = rest.replace(GATEWAY_TAG, '').replace(PREFIX, '');
    if (next === rest) break;
    rest = next;
  }
  return rest.toLowerCase();
}
