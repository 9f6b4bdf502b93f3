import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { enhancedStatusIn, parseDeliveryStatus, replyCodeIn, severityOf } from './dsn';

describe('delivery status fields (RFC 3464)', () => {
  it('reads every recipient block of a report, folded fields joined', () => {
    const status = parseDeliveryStatus(
      [
        'Reporting-MTA: dns; mx.hosting.test',
        'Arrival-Date: Mon, 3 Mar 2025 10:00:00 +0000',
        '',
        'Final-Recipient: rfc822; <First@Example.test>',
        'Action: failed',
        'Status: 5.1.1 (bad destination mailbox address)',
        'Diagnostic-Code: smtp; 550 5.1.1 <first@example.test>: Recipient address',
        '    rejected: User unknown',
        '',
        'Original-Recipient: rfc822;second@example.test',
        'Final-Recipient: rfc822;second@example.test',
        'Action: delayed',
        'Status: 4.2.2',
        'Remote-MTA: dns; mx.example.test',
        '',
        'Final-Recipient: rfc822;third@example.test',
        'Action: delivered',
        'Status: 2.0.0',
      ].join('\r\n'),
    );
    assert.equal(status?.reportingMta, 'mx.hosting.test');
    assert.deepEqual(
      status?.recipients.map((recipient) => [recipient.finalRecipient, recipient.action, recipient.status, recipient.severity]),
      [
        ['first@example.test', 'failed', '5.1.1', 'hard'],
        ['second@example.test', 'delayed', '4.2.2', 'soft'],
        ['third@example.test', 'delivered', '2.0.0', 'soft'],
      ],
    );
    assert.equal(status?.recipients[0]?.diagnostic, '550 5.1.1 <first@example.test>: Recipient address rejected: User unknown');
    assert.equal(status?.recipients[1]?.originalRecipient, 'second@example.test');
    assert.equal(status?.recipients[1]?.remoteMta, 'mx.example.test');
  });

  it('takes the status from the diagnostic when the Status field is missing', () => {
    const status = parseDeliveryStatus(
      'Final-Recipient: rfc822; a@example.test\nAction: failed\nDiagnostic-Code: smtp; 552-5.2.2 Mailbox full\n',
    );
    assert.equal(status?.recipients[0]?.status, '5.2.2');
  });

  it('answers null for a part with no recipient, action or status', () => {
    assert.equal(parseDeliveryStatus(''), null);
    assert.equal(parseDeliveryStatus('Reporting-MTA: dns; relay.test\n\nFinal-Recipi'), null);
    assert.equal(parseDeliveryStatus('\u0000\u0001 garbage }}}} @@@'), null);
  });
});

describe('status codes in free text', () => {
  it('finds enhanced codes but not versions, addresses or dates', () => {
    assert.equal(enhancedStatusIn('Sorry, no mailbox here by that name. (#5.1.1)'), '5.1.1');
    assert.equal(enhancedStatusIn('550 5.1.10 RESOLVER.ADR.RecipientNotFound'), '5.1.10');
    assert.equal(enhancedStatusIn('host [192.168.5.1] Exim 4.96 on 2.3.2025'), null);
    assert.equal(enhancedStatusIn(null), null);
  });

  it('finds SMTP reply codes in the forms MTAs write them', () => {
    assert.equal(replyCodeIn('Remote host said: 452 Mailbox full'), 452);
    assert.equal(replyCodeIn('550-5.1.1 The email account'), 550);
    assert.equal(replyCodeIn('554: delivery error: dd This user'), 554);
    assert.equal(replyCodeIn('250 2.0.0 Ok'), null);
  });

  it('ranks the status class over the reply code over the action', () => {
    assert.equal(severityOf('4.4.7', 'failed', '550 gave up'), 'soft');
    assert.equal(severityOf(null, 'delayed', '550 5.1.1 unknown'), 'hard');
    assert.equal(severityOf(null, 'failed', '451 try later'), 'soft');
    assert.equal(severityOf(null, 'failed', 'no code at all'), 'hard');
    assert.equal(severityOf(null, null, null), 'soft');
  });
});
