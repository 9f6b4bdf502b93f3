import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseInbound, splitQuoted } from './index';

const FIXTURES = new URL('./fixtures/', import.meta.url);

async function split(name: string) {
  return splitQuoted(await parseInbound(readFileSync(new URL(name, FIXTURES))));
}

describe('new text apart from quoted history', () => {
  const cases: { file: string; newText: string; quotedStart: string; quotedHas: string }[] = [
    {
      file: 'reply-gmail-quoted.eml',
      newText: 'Hi Alex,\n\nWe are hiring two backend engineers in April. Can you send me a short deck?\n\nThanks,\nDan',
      quotedStart: 'On Mon, 3 Mar 2025 at 10:00, Alex Seller <alex@leadforge.test> wrote:',
      quotedHas: '> is Initrode hiring engineers this quarter?',
    },
    {
      file: 'reply-outlook-quoted.eml',
      newText:
        'Hi Alex,\n\nThanks for reaching out. Could you share pricing for a team of 40?\n\nPriya Natarajan\nHead of Talent | Hooli',
      quotedStart:
        '________________________________\nFrom: Alex Seller <alex@leadforge.test>\nSent: Monday, March 3, 2025 10:00 AM',
      quotedHas: 'I noticed Hooli is growing its talent team.',
    },
    {
      file: 'reply-html-only.eml',
      newText: '您好 Alex，\n\n谢谢您的来信。我们下周二下午可以电话沟通。\n\n王伟',
      quotedStart: 'Alex Seller <alex@leadforge.test',
      quotedHas: '我们有一个合作机会想与您讨论。',
    },
    {
      file: 'oreply-colleague.eml',
      newText: 'Hi Alex,\n\nMaria forwarded your note to me; I run engineering hiring at Acme. Happy to talk next week.\n\nPedro',
      quotedStart: 'On 04.03.2025 09:01, Maria Lopez wrote:',
      quotedHas: '> Hi Maria, is Acme hiring engineers this quarter?',
    },
    {
      file: 'reply-quoted-unsubscribe-footer.eml',
      newText: 'Sounds interesting - please send me the case study.\n\nDan',
      quotedStart: 'On Mon, 3 Mar 2025 at 10:00',
      quotedHas: 'To unsubscribe from these emails',
    },
    {
      file: 'unsub-uk.eml',
      newText: 'Відпишіть мене, будь ласка, від ваших листів.',
      quotedStart: 'пн, 10 бер. 2025 р. о 10:00 Alex Seller <alex@leadforge.test> пише:',
      quotedHas: 'Нагадую про свій лист.',
    },
    {
      file: 'unsub-zh.eml',
      newText: '退订',
      quotedStart: '------------------ 原始邮件 ------------------',
      quotedHas: '跟进一下上周的邮件',
    },
    {
      file: 'unsub-pt.eml',
      newText: 'Bom dia. Por favor, quero descadastrar meu e-mail da sua lista.',
      quotedStart: 'Em seg., 10 de mar. de 2025 às 10:00',
      quotedHas: '> Olá João, tudo bem?',
    },
    {
      file: 'unsub-es.eml',
      newText: 'Buenos días, por favor darme de baja de su lista de correo.\n\nLucía',
      quotedStart: 'El lun, 10 mar 2025 a las 10:00',
      quotedHas: '¿pudiste ver mi mensaje anterior?',
    },
  ];
  for (const { file, newText, quotedStart, quotedHas } of cases) {
    it(`splits ${file}`, async () => {
      const result = await split(file);
      assert.equal(result.newText, newText);
      assert.ok(result.quotedText.startsWith(quotedStart), result.quotedText);
      assert.ok(result.quotedText.includes(quotedHas), result.quotedText);
      assert.equal(result.source, 'text');
    });
  }

  it('keeps a reply without history whole', async () => {
    const result = await split('reply-threaded.eml');
    assert.equal(result.newText, 'Hi Alex,\n\nSure, Thursday at 3pm works for me. Send an invite to this address.\n\nMaria');
    assert.equal(result.quotedText, '');
  });

  it('cuts an Outlook block in Spanish and a signature the parser knows', () => {
    const result = splitQuoted({
      text: 'Perfecto, hablamos el jueves.\n\nSent from my iPhone\n\n________________________________\nDe: Alex Seller <alex@leadforge.test>\nEnviado: lunes, 3 de marzo de 2025 10:00\nPara: Lucía <lucia@tiendas-sol.es>\nAsunto: Una idea\n\nHola Lucía',
      html: null,
    });
    assert.equal(result.newText, 'Perfecto, hablamos el jueves.');
    assert.equal(result.signature, 'Sent from my iPhone');
    assert.ok(result.quotedText.includes('De: Alex Seller'));
  });

  it('falls back to the HTML when there is no text, cutting at the quote container and dropping scripts', () => {
    const result = splitQuoted({
      text: null,
      html: '<div>Sounds good &amp; thanks<br>Dan</div><script>alert("x")</script><div class="gmail_quote"><div>On Mon, Alex wrote:</div><blockquote>Old &lt;text&gt;</blockquote></div>',
    });
    assert.equal(result.source, 'html');
    assert.equal(result.newText, 'Sounds good & thanks\nDan');
    assert.ok(result.quotedText.includes('Old <text>'), result.quotedText);
    assert.ok(!`${result.newText}${result.quotedText}`.includes('alert'));
  });

  it('answers empty for a message without any text', () => {
    assert.deepEqual(splitQuoted({ text: null, html: null }), { newText: '', quotedText: '', signature: '', source: 'none' });
  });
});
