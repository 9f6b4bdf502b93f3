import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { quoteOriginal, replySubject } from './compose';

const original = {
  from_name: 'Ada <Boss>',
  from_address: 'ada@acme.test',
  received_at: '2026-03-02T10:05:00Z',
  subject: 'Pricing & terms',
  html: '<p>Send the prices</p>',
  text: null,
  attachments: [{ filename: 'terms.pdf' }, { filename: '<x>.png' }],
};

describe('a unibox answer', () => {
  it('introduces the quoted original in the sender\'s language, with its values escaped', () => {
    const en = quoteOriginal('reply', original, 'en');
    assert.match(en, /<p>On Mar 2, 2026, 10:05 (AM )?UTC, Ada &lt;Boss&gt; &lt;ada@acme\.test&gt; wrote:<\/p>/);
    assert.match(en, /<blockquote type="cite"[^>]*><p>Send the prices<\/p><\/blockquote>$/);
    const es = quoteOriginal('replyAll', original, 'es');
    assert.match(es, /<p>El 2 mar 2026, 10:05 UTC, Ada &lt;Boss&gt; &lt;ada@acme\.test&gt; escribió:<\/p>/);
  });

  it('heads a forward with the original\'s sender, date and subject, and names the files it does not carry', () => {
    const uk = quoteOriginal('forward', original, 'uk');
    assert.match(uk, /<p>---------- Переслане повідомлення ----------<br>Від: Ada &lt;Boss&gt; &lt;ada@acme\.test&gt;<br>Дата: [^<]+<br>Тема: Pricing &amp; terms<\/p>/);
    assert.match(uk, /<p>Вкладення \(не переслано\): terms\.pdf, &lt;x&gt;\.png<\/p>$/);
  });

  it('puts one Re: or Fwd: before the subject', () => {
    assert.equal(replySubject('reply', 'RE: Pricing'), 'Re: Pricing');
    assert.equal(replySubject('forward', 'Fw: Pricing'), 'Fwd: Pricing');
  });
});
