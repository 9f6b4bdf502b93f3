import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SmtpDialogue, SmtpFailure } from './smtp-client';

describe('SMTP dialogue client', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];

  before(async () => {
    // A raw server: multi-line greeting and EHLO answer, enhanced codes, a reply split across packets.
    server = createServer((socket) => {
      socket.write('220-mx.example ESMTP\r\n220 second line\r\n');
      let buffer = '';
      socket.on('data', (chunk) => {
        buffer += chunk.toString();
        let index: number;
        while ((index = buffer.indexOf('\r\n')) >= 0) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          received.push(line);
          if (line.startsWith('EHLO')) socket.write('250-mx.example\r\n250-PIPELINING\r\n250 ENHANCEDSTATUSCODES\r\n');
          else if (line.startsWith('MAIL')) socket.write('250 2.1.0 Ok\r\n');
          else if (line === 'RCPT TO:<split@example.com>') {
            socket.write('550 5.1.1 <split@exa');
            setTimeout(() => socket.write('mple.com>: Recipient address rejected\r\n'), 20);
          } else if (line.startsWith('RCPT')) socket.write('250 2.1.5 Ok\r\n');
          else if (line === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
          // Anything else (a hung command) gets no answer.
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads multi-line and split replies with their enhanced codes', async () => {
    const dialogue = new SmtpDialogue({ host: '127.0.0.1', port, connectTimeoutMs: 1_000, commandTimeoutMs: 1_000 });
    const greeting = await dialogue.connect();
    assert.equal(greeting.code, 220);
    assert.equal(greeting.text, 'mx.example ESMTP second line');
    assert.equal((await dialogue.ehlo('probe.test')).code, 250);
    assert.deepEqual(await dialogue.mailFrom('probe@probe.test'), { code: 250, enhanced: '2.1.0', text: 'Ok' });
    const rejected = await dialogue.rcptTo('split@example.com');
    assert.deepEqual([rejected.code, rejected.enhanced], [550, '5.1.1']);
    assert.match(rejected.text, /Recipient address rejected/);
    await dialogue.quit();
    assert.ok(!received.includes('DATA'));
  });

  it('refuses a command that would smuggle a second line', async () => {
    const dialogue = new SmtpDialogue({ host: '127.0.0.1', port, connectTimeoutMs: 1_000, commandTimeoutMs: 1_000 });
    await dialogue.connect();
    await assert.rejects(dialogue.rcptTo('a@example.com>\r\nDATA'), /line break/);
    dialogue.close();
  });

  it('times out a command the server never answers and reports a refused connection', async () => {
    const dialogue = new SmtpDialogue({ host: '127.0.0.1', port, connectTimeoutMs: 1_000, commandTimeoutMs: 200 });
    await dialogue.connect();
    await assert.rejects(dialogue.command('NOOP'), (error: unknown) => error instanceof SmtpFailure && error.kind === 'command_timeout');
    const refused = new SmtpDialogue({ host: '127.0.0.1', port: 9, connectTimeoutMs: 1_000, commandTimeoutMs: 200 });
    await assert.rejects(refused.connect(), (error: unknown) => error instanceof SmtpFailure && error.kind === 'connect_failed');
  });
});
