import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCALES } from '@leadforge/contracts';
import { composeWarmupMail, composeWarmupReply, warmupPhraseBanks } from './messages';
import { readWarmupToken, warmupToken } from './token';

const SECRET = 'a warm-up secret of at least thirty-two bytes';

describe('warm-up mail', () => {
  it('has a full phrase bank in every language, with no link or markup anywhere', () => {
    const english = warmupPhraseBanks().en;
    for (const locale of LOCALES) {
      const bank = warmupPhraseBanks()[locale];
      for (const part of Object.keys(english) as (keyof typeof english)[]) {
        assert.equal(bank[part].length, english[part].length, `${locale} ${part}`);
        for (const phrase of bank[part]) assert.doesNotMatch(phrase, /https?:|www\.|<|@/i, `${locale} ${part}: ${phrase}`);
      }
      for (const greeting of bank.greetings) assert.match(greeting, /\{\{name\}\}/, `${locale} greeting`);
    }
  });

  it('writes a note and an answer greeting the partner and signed by the sender, varied from one mail to the next', () => {
    const input = { locale: 'es' as const, senderName: 'Ada Lovelace', recipientName: 'Grace Hopper', recipientAddress: 'grace@b.test' };
    const note = composeWarmupMail(input);
    assert.ok(note.subject.length > 0);
    assert.match(note.text, /Grace/);
    assert.match(note.text, /\nAda\n$/);
    assert.match(composeWarmupReply(input), /Grace[\s\S]*\nAda\n$/);
    const notes = new Set(Array.from({ length: 40 }, () => composeWarmupMail(input).text));
    assert.ok(notes.size > 20, `only ${notes.size} different notes`);
    // Without a display name, the address's local part is the name.
    assert.match(composeWarmupMail({ ...input, recipientName: null }).text, /grace/);
  });
});

describe('the warm-up mark', () => {
  it('names its send and is refused when forged, altered or made under another secret', () => {
    const token = warmupToken(42, SECRET);
    assert.equal(readWarmupToken(token, SECRET), 42);
    assert.equal(readWarmupToken(` ${token} `, SECRET), 42);
    assert.equal(readWarmupToken(token.replace(/^42/, '43'), SECRET), null);
    assert.equal(readWarmupToken(warmupToken(42, `${SECRET}!`), SECRET), null);
    for (const bad of [null, '', '42', '42.short', 'x.yyyyyyyyyyyyyyyyyyyyyy']) assert.equal(readWarmupToken(bad, SECRET), null);
    assert.throws(() => warmupToken(0, SECRET), RangeError);
    assert.throws(() => warmupToken(1, 'short'), RangeError);
  });
});
