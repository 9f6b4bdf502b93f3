import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import {
  SMTP_RETRY_POLICY,
  classifySmtpResult,
  createBodyProbe,
  nextRetryAt,
  parseEnhancedStatus,
  retryDelay,
  shouldGiveUp,
  type SendOutcome,
} from './smtp-outcome';
import { startScriptedPeer, type PeerScript } from './test-peers';

const MESSAGE = {
  from: 'Ann <ann@sender.test>',
  to: 'bob@recipient.test',
  subject: 'Hello',
  text: 'Hi Bob',
  messageId: '<abc123@sender.test>',
};

interface SendAgainstOptions {
  pool?: boolean;
  auth?: boolean;
  /** Only the scripts that go silent get a short idle time-out; the others keep nodemailer's own. */
  socketTimeout?: number;
}

/** Sends one message through real nodemailer to a scripted loopback peer and classifies the result. */
async function sendAgainst(
  script: PeerScript,
  options: SendAgainstOptions = {},
): Promise<{ outcome: SendOutcome; bodySent: boolean; received: number }> {
  const peer = await startScriptedPeer(script);
  const probe = createBodyProbe();
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: peer.port,
    secure: false,
    ignoreTLS: true,
    pool: options.pool ?? false,
    maxConnections: 1,
    logger: probe.logger,
    ...(options.auth ? { auth: { user: 'ann', pass: 'wrong' } } : {}),
    ...(options.socketTimeout ? { socketTimeout: options.socketTimeout, greetingTimeout: options.socketTimeout } : {}),
  });
  try {
    probe.reset();
    const info = await transport.sendMail(MESSAGE);
    return {
      outcome: classifySmtpResult({ info, host: '127.0.0.1', messageId: MESSAGE.messageId }),
      bodySent: probe.bodySent(),
      received: peer.messages.length,
    };
  } catch (error) {
    return {
      outcome: classifySmtpResult({ error, bodySent: probe.bodySent() }),
      bodySent: probe.bodySent(),
      received: peer.messages.length,
    };
  } finally {
    transport.close();
    await peer.close();
  }
}

describe('SMTP outcome against a scripted peer', () => {
  it('reads an accepted message and the queue id of its answer', async () => {
    const { outcome, bodySent, received } = await sendAgainst({});
    assert.equal(received, 1);
    assert.equal(bodySent, true);
    assert.equal(outcome.status, 'sent');
    assert.equal(outcome.status === 'sent' && outcome.queueId, '4Fx9Yb0zQ2z1');
    assert.equal(outcome.status === 'sent' && outcome.providerMessageId, null);
  });

  it('records the Message-ID Outlook gave the message', async () => {
    const { outcome } = await sendAgainst({
      body: {
        reply:
          '250 2.0.0 OK <AM0PR01MB1234ABCD@AM0PR01MB1234.eurprd01.prod.outlook.com> [Hostname=AM0PR01MB1234.eurprd01.prod.outlook.com]',
      },
    });
    assert.equal(outcome.status, 'sent');
    assert.equal(
      outcome.status === 'sent' && outcome.providerMessageId,
      '<AM0PR01MB1234ABCD@AM0PR01MB1234.eurprd01.prod.outlook.com>',
    );
  });

  it('fails an unknown recipient and suppresses the address', async () => {
    const { outcome, received } = await sendAgainst({
      rcpt: { reply: '550 5.1.1 <bob@recipient.test>: Recipient address rejected: User unknown' },
    });
    assert.equal(received, 0);
    assert.deepEqual(pick(outcome), {
      status: 'failed',
      step: 'RCPT TO',
      code: 550,
      enhanced: '5.1.1',
      scope: 'recipient',
      suppress: true,
    });
    assert.match(outcome.status === 'failed' ? outcome.reason : '', /User unknown/);
  });

  it('retries a greylisted recipient', async () => {
    const { outcome } = await sendAgainst({
      rcpt: { reply: '450 4.2.0 <bob@recipient.test>: Recipient address rejected: Greylisted' },
    });
    assert.deepEqual(pick(outcome), { status: 'retry', step: 'RCPT TO', code: 450, enhanced: '4.2.0', scope: 'recipient' });
  });

  it('does not suppress the recipient for a refused sender address (5.1.8)', async () => {
    const { outcome } = await sendAgainst({
      mail: { reply: '553 5.1.8 <ann@sender.test>: Sender address rejected: Domain not found' },
    });
    assert.deepEqual(pick(outcome), {
      status: 'failed',
      step: 'MAIL FROM',
      code: 553,
      enhanced: '5.1.8',
      scope: 'mailbox',
      suppress: false,
    });
  });

  it('fails a wrong password as a fault of the mailbox', async () => {
    const { outcome } = await sendAgainst({ auth: { reply: '535 5.7.8 Error: authentication failed' } }, { auth: true });
    assert.deepEqual(pick(outcome), {
      status: 'failed',
      step: 'AUTH',
      code: 535,
      enhanced: '5.7.8',
      scope: 'mailbox',
      suppress: false,
    });
  });

  it('retries a server that closes the channel with 421 at the greeting', async () => {
    const { outcome } = await sendAgainst({
      greeting: { reply: '421 4.3.2 Service not available, closing transmission channel' },
    });
    assert.equal(outcome.status, 'retry');
    assert.equal(outcome.status === 'retry' && outcome.code, 421);
  });

  it('fails a body refused as spam, without suppressing the address', async () => {
    const { outcome, bodySent } = await sendAgainst({ body: { reply: '554 5.7.1 Message rejected as spam' } });
    assert.equal(bodySent, true);
    assert.deepEqual(pick(outcome), {
      status: 'failed',
      step: 'message',
      code: 554,
      enhanced: '5.7.1',
      scope: 'message',
      suppress: false,
    });
  });

  it('retries a body answered "try again later", and a 421 after the body', async () => {
    const soft = await sendAgainst({ body: { reply: '451 4.3.0 Temporary local problem' } });
    assert.deepEqual(pick(soft.outcome), { status: 'retry', step: 'message', code: 451, enhanced: '4.3.0', scope: 'message' });
    const closing = await sendAgainst({ body: { reply: '421 4.4.2 Connection dropped' } });
    assert.equal(closing.outcome.status, 'retry');
  });

  it('marks a drop after the final dot unknown, never retry', async () => {
    for (const pool of [false, true]) {
      const { outcome, bodySent, received } = await sendAgainst({ body: 'drop' }, { pool });
      assert.equal(received, 1, 'the peer got the whole message');
      assert.equal(bodySent, true);
      assert.equal(outcome.status, 'unknown', `pool=${pool}`);
      assert.equal(outcome.status === 'unknown' && outcome.step, 'message');
    }
  });

  it('marks a silence after the final dot unknown', async () => {
    const { outcome, bodySent } = await sendAgainst({ body: 'hang' }, { socketTimeout: 300 });
    assert.equal(bodySent, true);
    assert.equal(outcome.status, 'unknown');
  });

  it('retries a drop or a silence before the body', async () => {
    const dropped = await sendAgainst({ rcpt: 'drop' });
    assert.equal(dropped.bodySent, false);
    assert.equal(dropped.received, 0);
    assert.equal(dropped.outcome.status, 'retry');
    const silent = await sendAgainst({ mail: 'hang' }, { socketTimeout: 300 });
    assert.equal(silent.bodySent, false);
    assert.equal(silent.outcome.status, 'retry');
    assert.match(silent.outcome.status === 'retry' ? silent.outcome.reason : '', /timeout/i);
    const beforeDataAnswer = await sendAgainst({ data: 'drop' });
    assert.equal(beforeDataAnswer.bodySent, false);
    assert.equal(beforeDataAnswer.outcome.status, 'retry');
  });

  it('retries a refused connection', async () => {
    const peer = await startScriptedPeer({});
    const port = peer.port;
    await peer.close();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const error = await transport.sendMail(MESSAGE).then(
      () => assert.fail('sent to a closed port'),
      (caught: unknown) => caught,
    );
    const outcome = classifySmtpResult({ error, bodySent: false });
    assert.equal(outcome.status, 'retry');
    assert.equal(outcome.status === 'retry' && outcome.step, 'CONN');
  });
});

describe('SMTP outcome of answers and errors', () => {
  it('reads enhanced status codes', () => {
    assert.equal(parseEnhancedStatus('550 5.1.1 <x@y>: no such user'), '5.1.1');
    assert.equal(parseEnhancedStatus('550-5.7.26 Unauthenticated email'), '5.7.26');
    assert.equal(parseEnhancedStatus('550 No such user'), null);
  });

  it('reads the SES Message-ID from the region of its host', () => {
    const info = { response: '250 Ok 0100018b5c3c0a4f-2f1e3a4b-5c6d-7e8f-9a0b-1c2d3e4f5a6b-000000' };
    const east = classifySmtpResult({ info, host: 'email-smtp.us-east-1.amazonaws.com' });
    assert.equal(
      east.status === 'sent' && east.providerMessageId,
      '<0100018b5c3c0a4f-2f1e3a4b-5c6d-7e8f-9a0b-1c2d3e4f5a6b-000000@email.amazonses.com>',
    );
    const west = classifySmtpResult({ info, host: 'email-smtp.eu-west-1.amazonaws.com' });
    assert.equal(
      west.status === 'sent' && west.providerMessageId,
      '<0100018b5c3c0a4f-2f1e3a4b-5c6d-7e8f-9a0b-1c2d3e4f5a6b-000000@eu-west-1.amazonses.com>',
    );
    // Elsewhere a bare id is only a queue id: the Message-ID it would belong to is not known.
    const other = classifySmtpResult({ info, host: 'smtp.example.test' });
    assert.equal(other.status === 'sent' && other.providerMessageId, null);
    assert.equal(other.status === 'sent' && other.queueId, '0100018b5c3c0a4f-2f1e3a4b-5c6d-7e8f-9a0b-1c2d3e4f5a6b-000000');
  });

  it('reads a bracketed SES id and takes nodemailer’s own reading first', () => {
    const bracketed = classifySmtpResult({
      info: { response: '250 Ok <0100018b5c3c0a4f-aa-000000>' },
      host: 'email-smtp.us-east-1.amazonaws.com',
    });
    assert.equal(bracketed.status === 'sent' && bracketed.providerMessageId, '<0100018b5c3c0a4f-aa-000000@email.amazonses.com>');
    const fromNodemailer = classifySmtpResult({ info: { response: '250 2.0.0 OK', serverMessageId: '<x@y.prod.outlook.com>' } });
    assert.equal(fromNodemailer.status === 'sent' && fromNodemailer.providerMessageId, '<x@y.prod.outlook.com>');
  });

  it('does not take an echo of our own Message-ID for a rewrite', () => {
    const outcome = classifySmtpResult({
      info: { response: '250 2.0.0 <ABC123@sender.test> queued', messageId: '<abc123@sender.test>' },
    });
    assert.equal(outcome.status === 'sent' && outcome.providerMessageId, null);
    const exim = classifySmtpResult({ info: { response: '250 OK id=1rAbCd-000Efg-Hi' } });
    assert.equal(exim.status === 'sent' && exim.queueId, '1rAbCd-000Efg-Hi');
  });

  it('retries a time-out before the body and calls the same time-out after it unknown', () => {
    const timeout = Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT', command: 'CONN' });
    assert.equal(classifySmtpResult({ error: timeout, bodySent: false }).status, 'retry');
    assert.equal(classifySmtpResult({ error: timeout, bodySent: true }).status, 'unknown');
  });

  it('fails what a retry would only repeat, and retries a 503', () => {
    const missing = Object.assign(new Error('Missing credentials for "PLAIN"'), { code: 'EAUTH', command: 'API' });
    assert.deepEqual(pick(classifySmtpResult({ error: missing, bodySent: false })), {
      status: 'failed',
      step: 'API',
      code: null,
      enhanced: null,
      scope: 'mailbox',
      suppress: false,
    });
    const tooBig = Object.assign(new Error('Message size larger than allowed 1000'), { code: 'EMESSAGE', command: 'MAIL FROM' });
    assert.equal(classifySmtpResult({ error: tooBig, bodySent: false }).status, 'failed');
    const sequence = Object.assign(new Error('Data command failed'), {
      code: 'EENVELOPE',
      command: 'DATA',
      response: '503 5.5.1 Error: need RCPT command',
      responseCode: 503,
    });
    assert.equal(classifySmtpResult({ error: sequence, bodySent: false }).status, 'retry');
    assert.equal(classifySmtpResult({ error: 'not even an Error', bodySent: false }).status, 'retry');
  });
});

describe('SMTP retry back-off', () => {
  it('waits 5 min × 1.3ⁿ', () => {
    assert.equal(retryDelay(0), 5 * 60_000);
    assert.equal(retryDelay(1), 6.5 * 60_000);
    assert.equal(retryDelay(2), Math.round(5 * 60_000 * 1.69));
    assert.throws(() => retryDelay(-1), RangeError);
  });

  it('gives up at 72 hours and schedules the last attempt at the mark', () => {
    const first = new Date('2026-03-01T00:00:00Z');
    const almost = new Date(first.getTime() + SMTP_RETRY_POLICY.giveUpAfterMs - 60_000);
    assert.equal(shouldGiveUp(first, almost), false);
    assert.equal(shouldGiveUp(first, new Date(first.getTime() + SMTP_RETRY_POLICY.giveUpAfterMs)), true);
    assert.equal(nextRetryAt(first, 20, almost)?.getTime(), first.getTime() + SMTP_RETRY_POLICY.giveUpAfterMs);
    assert.equal(nextRetryAt(first, 0, new Date(first.getTime() + SMTP_RETRY_POLICY.giveUpAfterMs)), null);
    // Retrying after every delay reaches the mark after a bounded number of attempts.
    let now = first;
    let attempts = 0;
    for (let next = nextRetryAt(first, 0, now); next; next = nextRetryAt(first, attempts, now)) {
      assert.ok(next > now);
      now = next;
      attempts += 1;
    }
    assert.ok(attempts > 15 && attempts < 30, `${attempts} attempts`);
  });
});

function pick(outcome: SendOutcome): Record<string, unknown> {
  const { reason: _reason, ...rest } = outcome as SendOutcome & { reason?: string };
  return rest;
}
