import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { InboundSourceError, parseInbound, REPORT_PART_LIMIT } from './index';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const MB = 1024 * 1024;

function raw(name: string): Buffer {
  return readFileSync(new URL(name, FIXTURES));
}

/** A reply with one attachment of `size` bytes, generated as it is read (never whole in memory). */
function* messageWithAttachment(size: number): Generator<Buffer> {
  yield Buffer.from(
    [
      'From: Dan Miller <dan@initrode.com>',
      'To: Alex Seller <alex@leadforge.test>',
      "Subject: Re: Quick question about Initrode's hiring",
      'Message-ID: <big-attachment@mail.gmail.com>',
      'In-Reply-To: <lf.c1.r6.s1@leadforge.test>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="000000000000b16b00b5"',
      '',
      '--000000000000b16b00b5',
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      'The deck is attached.',
      '--000000000000b16b00b5',
      'Content-Type: application/pdf; name="deck.pdf"',
      'Content-Disposition: attachment; filename="deck.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      '',
    ].join('\r\n'),
  );
  // 57 bytes of input make one 76-character base64 line.
  const block = Buffer.alloc(57 * 1024, 0x25);
  for (let left = size; left > 0; left -= block.length) {
    const encoded = block.subarray(0, Math.min(left, block.length)).toString('base64');
    yield Buffer.from(`${encoded.replace(/.{76}/g, '$&\r\n')}\r\n`);
  }
  yield Buffer.from('--000000000000b16b00b5--\r\n');
}

/** True when `value` holds a Buffer or typed array anywhere: the parsed message must keep no content. */
function holdsBytes(value: unknown): boolean {
  if (ArrayBuffer.isView(value)) return true;
  if (value && typeof value === 'object') return Object.values(value).some(holdsBytes);
  return false;
}

describe('parsing one raw message', () => {
  it('reads the envelope, threading, addresses and text of a reply', async () => {
    const message = await parseInbound(raw('reply-threaded.eml'));
    assert.equal(message.messageId, 'CAFq7mJ+reply.0b41d2@mail.gmail.com');
    assert.equal(message.inReplyTo, 'lf.c1.r1.s1@leadforge.test');
    assert.deepEqual(message.references, ['lf.c1.r1.s1@leadforge.test']);
    assert.deepEqual(message.from, { address: 'maria@acme-corp.com', name: 'Maria Lopez' });
    assert.deepEqual(message.to, [{ address: 'alex@leadforge.test', name: 'Alex Seller' }]);
    assert.equal(message.returnPath, 'maria@acme-corp.com');
    assert.equal(message.subject, "Re: Quick question about Acme's hiring");
    assert.equal(message.date?.toISOString(), '2025-03-04T08:12:38.000Z');
    assert.equal(message.contentType, 'text/plain');
    assert.match(message.text ?? '', /Thursday at 3pm/);
    assert.equal(message.html, null);
    assert.equal(message.size, raw('reply-threaded.eml').length);
    assert.equal(message.malformed, false);
  });

  it('normalises addresses and decodes encoded subjects in any charset', async () => {
    const heuristic = await parseInbound(raw('reply-heuristic.eml'));
    assert.deepEqual(heuristic.from, { address: 'olena@primavera.com.ua', name: 'Олена Коваленко' });
    assert.equal(heuristic.subject, 'RE: Ідея для Primavera');
    assert.equal(heuristic.inReplyTo, null);
    assert.deepEqual(heuristic.references, []);

    const gb2312 = await parseInbound(raw('ooo-zh.eml'));
    assert.equal(gb2312.subject, '自动回复: 合作机会');
    assert.match(gb2312.text ?? '', /我正在休假/);

    const idn = await parseInbound(Buffer.from('From: Jürgen <Juergen@Müller-Bau.de>\r\nSubject: hi\r\n\r\nHallo\r\n'));
    assert.equal(idn.from?.address, 'juergen@xn--mller-bau-q9a.de');
  });

  it('reads the null sender, the headers classification needs and several References forms', async () => {
    const bounce = await parseInbound(raw('exim-plain-hard.eml'));
    assert.equal(bounce.returnPath, '');
    assert.deepEqual(bounce.headers['x-failed-recipients'], ['sales@umbrella-corp.test']);
    assert.deepEqual(bounce.headers['auto-submitted'], ['auto-replied']);

    const colleague = await parseInbound(raw('oreply-colleague.eml'));
    assert.deepEqual(colleague.references, ['lf.c1.r1.s1@leadforge.test', 'CAFq7mJ+fwd.4c11@mail.gmail.com']);
    const commas = await parseInbound(
      Buffer.from(
        'From: a@b.test\r\nReferences: <one@x.test>,<two@x.test>\r\nIn-Reply-To: <two@x.test> (message of Monday)\r\n\r\nhi\r\n',
      ),
    );
    assert.deepEqual(commas.references, ['one@x.test', 'two@x.test']);
    assert.equal(commas.inReplyTo, 'two@x.test');
  });

  it('describes attachments and keeps only the beginning of report parts', async () => {
    const message = await parseInbound(raw('gmail-dsn-hard.eml'));
    assert.equal(message.reportType, 'delivery-status');
    assert.deepEqual(
      message.attachments.map((attachment) => [attachment.contentType, attachment.filename]),
      [
        ['image/png', 'icon.png'],
        ['message/delivery-status', null],
        ['message/rfc822', null],
      ],
    );
    assert.ok(message.attachments.every((attachment) => attachment.size > 0));
    assert.deepEqual(
      message.reportParts.map((part) => part.contentType),
      ['message/delivery-status', 'message/rfc822'],
    );
    assert.match(message.reportParts[0]?.text ?? '', /Final-Recipient: rfc822; no.such.user@gmail.com/);
    assert.equal(holdsBytes(message), false);
    // Only the text parts are text: the returned message is not the bounce's text.
    assert.doesNotMatch(message.text ?? '', /quick question about your hiring plans/);
  });

  it('cuts a report part at REPORT_PART_LIMIT', async () => {
    const body = `Message-ID: <long@x.test>\r\nX-Padding: ${'a'.repeat(REPORT_PART_LIMIT * 2)}\r\n\r\nbody\r\n`;
    const message = await parseInbound(
      Buffer.from(
        `From: MAILER-DAEMON@x.test\r\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\r\n\r\n--b\r\nContent-Type: text/rfc822-headers\r\n\r\n${body}--b--\r\n`,
      ),
    );
    const part = message.reportParts[0];
    assert.equal(part?.truncated, true);
    assert.equal(part?.text.length, REPORT_PART_LIMIT);
    assert.ok((message.attachments[0]?.size ?? 0) > REPORT_PART_LIMIT * 2);
  });

  it('parses the same message alike with CRLF and LF line ends', async () => {
    const lf = raw('reply-outlook-quoted.eml');
    const crlf = Buffer.from(lf.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
    const [a, b] = await Promise.all([parseInbound(lf), parseInbound(crlf)]);
    assert.equal(a.subject, b.subject);
    assert.equal(a.text?.replace(/\r/g, ''), b.text?.replace(/\r/g, ''));
    assert.deepEqual(a.references, b.references);
  });
});

describe('a 30 MB message with an attachment', () => {
  it('streams through: the attachment is counted, never kept', async () => {
    const size = 30 * MB;
    const message = await parseInbound(Readable.from(messageWithAttachment(size)));
    assert.equal(message.malformed, false);
    assert.deepEqual(message.attachments, [
      { filename: 'deck.pdf', contentType: 'application/pdf', size, disposition: 'attachment', contentId: null },
    ]);
    assert.ok(message.size > size, 'raw size counts the base64 body');
    assert.equal(message.text?.trim(), 'The deck is attached.');
    assert.equal(holdsBytes(message), false);
    assert.ok(JSON.stringify(message).length < 10_000);
  });

  it('parses from one Buffer as well', async () => {
    const buffer = Buffer.concat([...messageWithAttachment(30 * MB)]);
    const message = await parseInbound(buffer);
    assert.equal(message.size, buffer.length);
    assert.equal(message.attachments[0]?.size, 30 * MB);
    assert.equal(message.inReplyTo, 'lf.c1.r6.s1@leadforge.test');
  });
});

describe('malformed input never throws out', () => {
  it('an empty message', async () => {
    const message = await parseInbound(Buffer.alloc(0));
    assert.equal(message.malformed, true);
    assert.deepEqual(message.problems, ['empty']);
    assert.equal(message.size, 0);
  });

  it('random bytes', async () => {
    const message = await parseInbound(randomBytes(20_000));
    assert.equal(message.malformed, true);
    assert.ok(message.problems.includes('no-headers') || message.problems.includes('no-body'), message.problems.join());
  });

  it('a header block over the parser limit: headers and text come from the raw bytes', async () => {
    const message = await parseInbound(
      Buffer.from(`From: Maria <maria@acme-corp.com>\r\nSubject: hi\r\nX-Big: ${'a'.repeat(2 * MB)}\r\n\r\nbody text\r\n`),
    );
    assert.equal(message.malformed, true);
    assert.ok(message.problems.includes('parser-error'));
    assert.equal(message.from?.address, 'maria@acme-corp.com');
    assert.equal(message.subject, 'hi');
  });

  it('thousands of nested parts', async () => {
    const nested = Array.from(
      { length: 1200 },
      (_, depth) => `Content-Type: multipart/mixed; boundary=b${depth}\r\n\r\n--b${depth}\r\n`,
    ).join('');
    const message = await parseInbound(Buffer.from(`From: a@b.test\r\nSubject: deep\r\n${nested}`));
    assert.equal(message.malformed, true);
    assert.ok(message.problems.includes('parser-error'));
    assert.equal(message.subject, 'deep');
  });

  it('a multipart cut before it closes keeps the parts that arrived', async () => {
    const message = await parseInbound(raw('truncated-mime.eml'));
    assert.deepEqual(message.problems, ['unterminated-multipart']);
    assert.match(message.text ?? '', /hiring plan/);
    assert.equal(message.attachments[0]?.filename, 'hiring-plan.pdf');
  });

  it('text in an unknown charset with undecodable bytes', async () => {
    const message = await parseInbound(raw('bad-charset.eml'));
    assert.deepEqual(message.problems, ['undecodable-text']);
    assert.match(message.text ?? '', /one more question/);
  });

  it('a delivery report whose status part is garbage and whose end is missing', async () => {
    const message = await parseInbound(raw('malformed-dsn.eml'));
    assert.deepEqual([...message.problems].sort(), ['unreadable-delivery-status', 'unterminated-multipart']);
    assert.match(message.text ?? '', /550 5\.7\.1/);
  });

  it('a headers-only message cut before its body', async () => {
    const message = await parseInbound(Buffer.from('From: a@b.test\r\nSubject: cut'));
    assert.deepEqual(message.problems, ['no-body']);
    assert.equal(message.subject, 'cut');
  });
});

describe('a failing source', () => {
  it('rejects with InboundSourceError so the sync retries instead of recording half a message', async () => {
    async function* broken(): AsyncGenerator<Buffer> {
      yield Buffer.from('From: a@b.test\r\nSubject: half\r\n\r\nfirst half');
      throw new Error('connection reset');
    }
    await assert.rejects(parseInbound(Readable.from(broken())), (error: unknown) => error instanceof InboundSourceError);
  });
});
