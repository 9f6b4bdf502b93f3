/**
 * Unsubscribe requests written as a reply ("unsubscribe", "please remove me", "відпишіть", "退订",
 * "descadastrar", "darme de baja"). Read in the new text of the reply only: the quoted campaign
 * mail carries our own unsubscribe footer.
 */
import { normaliseSubject } from './normalise';
import type { UnsubscribeLanguage, UnsubscribeRequest } from './types';

/** Phrases as people write them; matched case- and accent-insensitively. */
const PHRASES: Readonly<Record<UnsubscribeLanguage, readonly string[]>> = {
  en: [
    'unsubscribe',
    'remove me',
    'take me off',
    'opt out',
    'opt-out',
    'stop emailing',
    'stop e-mailing',
    'stop sending',
    'stop contacting',
    'do not email me',
    'do not e-mail me',
    'do not contact me',
    "don't email me",
    "don't e-mail me",
    "don't contact me",
    'no more emails',
    'remove my email',
    'remove my address',
    'remove from your list',
    'remove us from',
  ],
  uk: [
    'відпишіть',
    'відписати',
    'відписатися',
    'відписка',
    'видаліть мене',
    'видаліть мою адресу',
    'не пишіть мені',
    'більше не пишіть',
    'більше не надсилайте',
    'припиніть надсилати',
    'відмовляюся від розсилки',
  ],
  ru: [
    'отпишите',
    'отписаться',
    'отписать',
    'отписка',
    'удалите меня',
    'не пишите мне',
    'больше не пишите',
    'прекратите рассылку',
  ],
  zh: ['退订', '退訂', '取消订阅', '取消訂閱', '不要再发', '不要再發', '请勿再发', '請勿再發', '别再发', '別再發', '移除我'],
  pt: [
    'descadastrar',
    'descadastre',
    'descadastro',
    'cancelar inscrição',
    'cancelar a inscrição',
    'cancelar minha inscrição',
    'remover da lista',
    'remova meu email',
    'remova meu e-mail',
    'me remova',
    'me tire da lista',
    'não quero receber',
    'parem de enviar',
    'pare de enviar',
    'não me envie',
  ],
  es: [
    'darme de baja',
    'dar de baja',
    'darse de baja',
    'denme de baja',
    'cancelar suscripción',
    'cancelar la suscripción',
    'cancelar mi suscripción',
    'elimíname',
    'eliminarme de',
    'quitarme de',
    'quítenme',
    'sáquenme',
    'no me envíen',
    'no me escriban',
    'dejen de enviar',
    'no deseo recibir',
    'no quiero recibir',
  ],
};

/** A reply that is nothing but one of these words is a request too ("STOP", "Baja"). */
const WHOLE_MESSAGE_WORDS: Readonly<Record<string, UnsubscribeLanguage>> = {
  stop: 'en',
  remove: 'en',
  unsubscribe: 'en',
  'remove me': 'en',
  стоп: 'uk',
  відписатися: 'uk',
  отписаться: 'ru',
  退订: 'zh',
  descadastrar: 'pt',
  baja: 'es',
  'de baja': 'es',
};

/** Lower case without diacritics, typographic apostrophes made plain, white space collapsed. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’‘`]/g, "'").replace(/\s+/g, ' ').toLowerCase();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const CJK = /\p{Script=Han}/u;

const WHOLE_MESSAGES = new Map(Object.entries(WHOLE_MESSAGE_WORDS).map(([word, language]) => [fold(word), language]));

const MATCHERS = (Object.entries(PHRASES) as [UnsubscribeLanguage, readonly string[]][]).map(([language, phrases]) => {
  const folded = phrases.map(fold);
  const listed = new Map(phrases.map((phrase) => [fold(phrase), phrase]));
  const words = folded.filter((phrase) => !CJK.test(phrase)).map(escape);
  const cjk = folded.filter((phrase) => CJK.test(phrase)).map(escape);
  // Alphabetic phrases need word edges in any script; Chinese is written without spaces.
  const alternatives = [...(words.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`] : []), ...cjk];
  return { language, listed, pattern: new RegExp(alternatives.join('|'), 'iu') };
});

function matchIn(folded: string): UnsubscribeRequest | null {
  for (const { language, listed, pattern } of MATCHERS) {
    const match = pattern.exec(folded);
    if (match) return { language, phrase: listed.get(match[0]) ?? match[0] };
  }
  return null;
}

/** Characters that do not change what a one-word reply says. */
const DECORATION = /[\s\p{P}\p{S}]+/gu;

/**
 * The request in a reply's new text or its subject, or null. Only the beginning of the text is
 * read: a request opens the reply, while a long message mentioning "opt out" somewhere is a
 * conversation.
 */
export function findUnsubscribeRequest(newText: string, subject: string): UnsubscribeRequest | null {
  const opening = newText.slice(0, 1000);
  const whole = fold(opening).replace(DECORATION, ' ').trim();
  const wholeLanguage = WHOLE_MESSAGES.get(whole);
  if (wholeLanguage) return { language: wholeLanguage, phrase: opening.trim() };
  const inText = matchIn(fold(opening));
  if (inText) return inText;

  // A subject counts only when it is the request itself ("Unsubscribe", "Re: відпишіть мене").
  const foldedSubject = fold(normaliseSubject(subject)).replace(DECORATION, ' ').trim();
  const subjectLanguage = WHOLE_MESSAGES.get(foldedSubject);
  if (subjectLanguage) return { language: subjectLanguage, phrase: subject.trim() };
  const inSubject = matchIn(foldedSubject);
  // "Remove me", "Відпишіть мене, будь ласка": the phrase is most of the subject.
  return inSubject && fold(inSubject.phrase).length * 2 >= foldedSubject.length ? inSubject : null;
}
