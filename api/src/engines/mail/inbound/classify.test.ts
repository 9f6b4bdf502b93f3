import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  bounceSeverity,
  classifyInbound,
  normaliseAddress,
  normaliseSubject,
  parseInbound,
  registrableDomain,
  SOFT_BOUNCES_AS_HARD,
} from './index';
import type {
  AutoReplySignal,
  BounceDetails,
  InboundContext,
  InboundEvent,
  InboundKind,
  SentMessage,
  SubjectQuery,
  UnsubscribeRequest,
} from './index';

const FIXTURES = new URL('./fixtures/', import.meta.url);

function fixture(name: string) {
  return parseInbound(readFileSync(new URL(name, FIXTURES)));
}

interface SentRecord extends SentMessage {
  subject: string;
  sentAt: string;
}

/** What the sending side has recorded, answering lookups the way its repository will. */
function sentStore(
  records: readonly SentRecord[],
  options: { heuristic?: boolean } = {},
): InboundContext & { subjectQueries: SubjectQuery[] } {
  const subjectQueries: SubjectQuery[] = [];
  const newestFirst = [...records].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
  const context: InboundContext & { subjectQueries: SubjectQuery[] } = {
    subjectQueries,
    findSent: async (ids) =>
      records.filter(
        (record) =>
          ids.includes(record.messageId) || (record.providerMessageId != null && ids.includes(record.providerMessageId)),
      ),
  };
  if (options.heuristic !== false) {
    context.findSentBySubject = async (query) => {
      subjectQueries.push(query);
      return newestFirst.filter((record) => {
        if (normaliseSubject(record.subject) !== query.subject) return false;
        const recipient = normaliseAddress(record.recipient) ?? '';
        return (
          recipient === query.sender ||
          (query.companyDomain !== null && registrableDomain(recipient.split('@')[1] ?? '') === query.companyDomain)
        );
      });
    };
  }
  return context;
}

function sent(
  id: string,
  recipient: string,
  subject: string,
  sentAt: string,
  providerMessageId: string | null = null,
): SentRecord {
  return { id, recipient, messageId: `${id}@leadforge.test`, providerMessageId, subject, sentAt };
}

const SES_ID = '0100018e1a2b3c4d-5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9-000000@email.amazonses.com';

const SENT: readonly SentRecord[] = [
  sent('lf.c1.r1.s1', 'maria@acme-corp.com', "Quick question about Acme's hiring", '2025-03-03T10:00'),
  sent('lf.c1.r2.s1', 'olena@primavera.com.ua', 'Ідея для Primavera', '2025-03-03T10:00'),
  sent('lf.c1.r3.s1', 'wei@dragonfly.cn', '合作机会', '2025-03-03T10:00'),
  sent('lf.c1.r4.s1', 'joao@empresa.com.br', 'Parceria com a Empresa', '2025-03-03T10:00'),
  sent('lf.c1.r5.s1', 'lucia@tiendas-sol.es', 'Una idea para Tiendas Sol', '2025-03-03T10:00'),
  sent('lf.c1.r6.s1', 'dan@initrode.com', "Quick question about Initrode's hiring", '2025-03-03T10:00'),
  sent('lf.c1.r7.s1', 'priya@hooli.com', 'Idea for Hooli', '2025-03-03T10:00'),
  sent('lf.c1.r8.s1', 'jane.coach@gmail.com', 'Coaching for your team', '2025-03-03T10:00'),
  sent('lf.c1.r9.s1', 'tom@globex.com', 'Partnership idea for Globex', '2025-03-03T10:00', SES_ID),
  sent('lf.c2.r2.s2', 'olena@primavera.com.ua', 'Re: Ідея для Primavera', '2025-03-10T10:00'),
  sent('lf.c2.r3.s2', 'wei@dragonfly.cn', 'Re: 合作机会', '2025-03-10T10:00'),
  sent('lf.c2.r4.s2', 'joao@empresa.com.br', 'Re: Parceria com a Empresa', '2025-03-10T10:00'),
  sent('lf.c2.r5.s2', 'lucia@tiendas-sol.es', 'Re: Una idea para Tiendas Sol', '2025-03-10T10:00'),
  sent('lf.c2.r6.s2', 'dan@initrode.com', 'Following up', '2025-03-10T10:00'),
  sent('lf.c2.r7.s2', 'priya@hooli.com', 'Re: Idea for Hooli', '2025-03-10T10:00'),
  sent('lf.c3.r1.s1', 'nobody@acme-corp.com', "Quick question about Acme's hiring", '2025-03-03T10:00'),
  sent('lf.c3.r2.s1', 'ceo@slow-corp.com', 'A faster way to hire at Slow Corp', '2025-03-04T10:01'),
  sent('lf.c3.r3.s1', 'gone@initech.com', "Quick question about Initech's hiring", '2025-03-03T10:14'),
  sent('lf.c3.r4.s1', 'sales@umbrella-corp.test', "Quick question about Umbrella's hiring", '2025-03-03T10:05'),
  sent('lf.c3.r5.s1', 'contato@lenta-ltda.com.br', 'Parceria com a Lenta', '2025-03-03T10:09'),
  sent('lf.c3.r6.s1', 'j.smith@contoso-corp.com', "Quick question about Contoso's hiring", '2025-03-03T10:20'),
  sent('lf.c3.r7.s1', 'ventas@fabrikam.test', 'Una idea para Fabrikam', '2025-03-03T10:31'),
  sent('lf.c3.r8.s1', 'no.such.user@gmail.com', 'Quick question', '2025-03-03T10:30'),
  sent('lf.c3.r9.s1', 'info@busy-server.test', 'Quick question about Busy Server', '2025-03-03T14:40'),
  sent('lf.c3.r10.s1', 'info@qmail-customer.test', 'Quick question about Qmail Customer', '2025-03-03T10:31'),
  sent('lf.c3.r11.s1', 'full@qmail-customer.test', 'Quick question about Qmail Customer', '2025-03-03T10:31'),
  sent('lf.c3.r12.s1', 'missing.person@aol.com', 'Quick question', '2025-03-03T10:40'),
  sent('lf.c3.r13.s1', 'buyer@shop-example.test', 'Quick question', '2025-03-03T12:02'),
];

interface Expectation {
  kind: InboundKind;
  /** Id of the sent message the event points at; null when none. */
  sent: string | null;
  matchedBy?: InboundEvent['matchedBy'];
  heuristic?: boolean;
  malformed?: boolean;
  relation?: 'same-company' | 'other-address';
  signals?: AutoReplySignal[];
  bounce?: Partial<BounceDetails>;
  request?: UnsubscribeRequest;
  reason?: 'unmatched' | 'report';
}

function hard(
  finalRecipient: string,
  status: string | null,
  originalMessageId: string,
  source: 'dsn' | 'pattern',
  mta: BounceDetails['mta'],
): Partial<BounceDetails> {
  return { severity: 'hard', action: 'failed', status, finalRecipient, originalMessageId, source, mta };
}

const EXPECTED: Readonly<Record<string, Expectation>> = {
  // Bounces: RFC 3464 reports and plain-text notices, hard and soft.
  'postfix-dsn-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r1.s1',
    matchedBy: 'original-message',
    bounce: hard('nobody@acme-corp.com', '5.1.1', 'lf.c3.r1.s1@leadforge.test', 'dsn', 'postfix'),
  },
  'postfix-dsn-delayed.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r2.s1',
    bounce: {
      severity: 'soft',
      action: 'delayed',
      status: '4.4.1',
      finalRecipient: 'ceo@slow-corp.com',
      source: 'dsn',
      mta: 'postfix',
    },
  },
  'postfix-mixed-no-dsn.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r3.s1',
    bounce: hard('gone@initech.com', '5.1.1', 'lf.c3.r3.s1@leadforge.test', 'pattern', 'postfix'),
  },
  'exim-plain-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r4.s1',
    bounce: hard('sales@umbrella-corp.test', '5.1.1', 'lf.c3.r4.s1@leadforge.test', 'pattern', 'exim'),
  },
  'exim-dsn-delayed.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r5.s1',
    bounce: {
      severity: 'soft',
      action: 'delayed',
      status: '4.0.0',
      finalRecipient: 'contato@lenta-ltda.com.br',
      source: 'dsn',
      mta: 'exim',
    },
  },
  'exchange-dsn-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r6.s1',
    bounce: hard('j.smith@contoso-corp.com', '5.1.10', 'lf.c3.r6.s1@leadforge.test', 'dsn', 'exchange'),
  },
  'exchange-ndr-html-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r7.s1',
    bounce: hard('ventas@fabrikam.test', '5.1.1', 'lf.c3.r7.s1@leadforge.test', 'pattern', 'exchange'),
  },
  'gmail-dsn-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r8.s1',
    bounce: hard('no.such.user@gmail.com', '5.1.1', 'lf.c3.r8.s1@leadforge.test', 'dsn', 'gmail'),
  },
  'gmail-dsn-delayed.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r9.s1',
    bounce: {
      severity: 'soft',
      action: 'delayed',
      status: '4.4.1',
      finalRecipient: 'info@busy-server.test',
      originalMessageId: 'lf.c3.r9.s1@leadforge.test',
      mta: 'gmail',
    },
  },
  'qmail-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r10.s1',
    bounce: hard('info@qmail-customer.test', '5.1.1', 'lf.c3.r10.s1@leadforge.test', 'pattern', 'qmail'),
  },
  // qmail gave up ("permanent error") after a 4.x.x answer: the status class decides.
  'qmail-soft.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r11.s1',
    bounce: { severity: 'soft', status: '4.2.2', finalRecipient: 'full@qmail-customer.test', mta: 'qmail' },
  },
  'yahoo-hard.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r12.s1',
    bounce: hard('missing.person@aol.com', null, 'lf.c3.r12.s1@leadforge.test', 'pattern', 'yahoo'),
  },
  'malformed-dsn.eml': {
    kind: 'bounce',
    sent: 'lf.c3.r13.s1',
    malformed: true,
    bounce: hard('buyer@shop-example.test', '5.7.1', 'lf.c3.r13.s1@leadforge.test', 'pattern', 'postfix'),
  },
  'dsn-delivered.eml': { kind: 'other', sent: null, reason: 'report' },
  // A feedback loop's abuse report returns the message the person marked as spam.
  'arf-complaint.eml': { kind: 'complaint', sent: 'lf.c1.r7.s1', matchedBy: 'original-message' },

  // Auto-replies in the five locales (and Russian), with and without Auto-Submitted.
  'ooo-en-gmail.eml': { kind: 'areply', sent: 'lf.c1.r1.s1', matchedBy: 'thread', signals: ['auto-submitted'] },
  'ooo-en-exchange.eml': { kind: 'areply', sent: 'lf.c1.r9.s1', matchedBy: 'thread', signals: ['auto-submitted', 'subject'] },
  'ooo-uk.eml': { kind: 'areply', sent: 'lf.c1.r2.s1', signals: ['subject'] },
  'ooo-zh.eml': { kind: 'areply', sent: 'lf.c1.r3.s1', signals: ['auto-submitted', 'subject'] },
  'ooo-pt.eml': { kind: 'areply', sent: 'lf.c1.r4.s1', signals: ['subject'] },
  'ooo-es.eml': { kind: 'areply', sent: 'lf.c1.r5.s1', signals: ['auto-submitted', 'x-autoreply', 'precedence', 'subject'] },
  'ooo-es-subject-only.eml': { kind: 'areply', sent: null, signals: ['subject'] },
  'ooo-ru.eml': { kind: 'areply', sent: null, signals: ['subject'] },
  'autoreply-precedence.eml': { kind: 'areply', sent: null, signals: ['precedence'] },
  'autoreply-empty-return-path.eml': { kind: 'areply', sent: null, signals: ['empty-return-path'] },

  // Replies.
  'reply-threaded.eml': { kind: 'reply', sent: 'lf.c1.r1.s1', matchedBy: 'thread' },
  // No threading headers: sender and subject find the latest message of the conversation.
  'reply-heuristic.eml': { kind: 'reply', sent: 'lf.c2.r2.s2', matchedBy: 'subject', heuristic: true },
  'reply-gmail-quoted.eml': { kind: 'reply', sent: 'lf.c1.r6.s1' },
  'reply-outlook-quoted.eml': { kind: 'reply', sent: 'lf.c1.r7.s1' },
  'reply-html-only.eml': { kind: 'reply', sent: 'lf.c1.r3.s1' },
  'reply-provider-id.eml': { kind: 'reply', sent: 'lf.c1.r9.s1', matchedBy: 'thread' },
  // Our footer says "unsubscribe", but only in the quoted part.
  'reply-quoted-unsubscribe-footer.eml': { kind: 'reply', sent: 'lf.c1.r6.s1' },
  'oreply-colleague.eml': { kind: 'oreply', sent: 'lf.c1.r1.s1', relation: 'same-company' },
  'oreply-freemail-other.eml': { kind: 'oreply', sent: 'lf.c1.r8.s1', relation: 'other-address' },

  // Unsubscribe requests by reply.
  'unsub-en.eml': { kind: 'unsubscribe', sent: 'lf.c2.r6.s2', request: { language: 'en', phrase: 'UNSUBSCRIBE' } },
  'unsub-en-remove.eml': { kind: 'unsubscribe', sent: 'lf.c2.r7.s2', request: { language: 'en', phrase: 'remove me' } },
  'unsub-uk.eml': { kind: 'unsubscribe', sent: 'lf.c2.r2.s2', request: { language: 'uk', phrase: 'відпишіть' } },
  'unsub-zh.eml': { kind: 'unsubscribe', sent: 'lf.c2.r3.s2', request: { language: 'zh', phrase: '退订' } },
  'unsub-pt.eml': { kind: 'unsubscribe', sent: 'lf.c2.r4.s2', request: { language: 'pt', phrase: 'descadastrar' } },
  'unsub-es.eml': { kind: 'unsubscribe', sent: 'lf.c2.r5.s2', request: { language: 'es', phrase: 'darme de baja' } },

  // Everything else, and damaged mail that is still read.
  'other-unmatched.eml': { kind: 'other', sent: null, reason: 'unmatched' },
  'bad-charset.eml': { kind: 'reply', sent: 'lf.c1.r1.s1', malformed: true },
  'truncated-mime.eml': { kind: 'reply', sent: 'lf.c1.r6.s1', malformed: true },
};

describe('inbound classification of the fixture messages', () => {
  it('has an expectation for every fixture, and at least twenty of them', () => {
    const files = readdirSync(FIXTURES)
      .filter((file) => file.endsWith('.eml'))
      .sort();
    assert.ok(files.length >= 20, `${files.length} fixtures`);
    assert.deepEqual(files, Object.keys(EXPECTED).sort());
  });

  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`classifies ${file} as ${expected.kind}`, async () => {
      const event = await classifyInbound(await fixture(file), sentStore(SENT));
      assert.equal(event.kind, expected.kind);
      assert.equal(event.sent?.id ?? null, expected.sent);
      assert.equal(event.heuristic, expected.heuristic ?? false);
      assert.equal(event.malformed, expected.malformed ?? false);
      if (expected.matchedBy !== undefined) assert.equal(event.matchedBy, expected.matchedBy);
      if (event.kind === 'oreply') assert.equal(event.relation, expected.relation);
      if (event.kind === 'areply') assert.deepEqual(event.signals, expected.signals);
      if (event.kind === 'unsubscribe') assert.deepEqual(event.request, expected.request);
      if (event.kind === 'other') assert.equal(event.reason, expected.reason);
      if (event.kind === 'bounce') {
        const picked = Object.fromEntries(
          Object.keys(expected.bounce ?? {}).map((key) => [key, event.bounce[key as keyof BounceDetails]]),
        );
        assert.deepEqual(picked, expected.bounce);
      }
    });
  }
});

describe('matching inbound mail to what we sent', () => {
  it('leaves a reply without threading headers unmatched when the heuristic is off', async () => {
    const event = await classifyInbound(await fixture('reply-heuristic.eml'), sentStore(SENT, { heuristic: false }));
    assert.equal(event.kind, 'other');
    assert.equal(event.sent, null);
  });

  it('asks for the normalised subject, and for no company when the sender uses free mail', async () => {
    const context = sentStore(SENT);
    const message = await fixture('reply-heuristic.eml');
    await classifyInbound(message, context);
    assert.deepEqual(context.subjectQueries, [
      { sender: 'olena@primavera.com.ua', companyDomain: 'primavera.com.ua', subject: 'ідея для primavera' },
    ]);

    const stranger = { ...message, from: { address: 'someone.else@gmail.com', name: '' }, subject: 'Re: Coaching for your team' };
    const event = await classifyInbound(stranger, context);
    assert.equal(context.subjectQueries[1]?.companyDomain, null);
    assert.equal(event.kind, 'other');
  });

  it('does not take a store answer at another company for a colleague', async () => {
    const message = await fixture('reply-heuristic.eml');
    const context: InboundContext = {
      findSent: async () => [],
      findSentBySubject: async () => [
        { id: 'elsewhere', recipient: 'olena@other-company.com.ua', messageId: 'x@leadforge.test' },
      ],
    };
    assert.equal((await classifyInbound(message, context)).kind, 'other');
  });

  it('prefers the message In-Reply-To names over older ones in References', async () => {
    const message = await fixture('reply-threaded.eml');
    const threaded = {
      ...message,
      inReplyTo: 'lf.c2.r7.s2@leadforge.test',
      references: ['lf.c1.r7.s1@leadforge.test', 'lf.c2.r7.s2@leadforge.test'],
      from: { address: 'priya@hooli.com', name: '' },
    };
    const event = await classifyInbound(threaded, sentStore(SENT));
    assert.equal(event.sent?.id, 'lf.c2.r7.s2');
  });

  it('links a bounce to the bounced message even when the store only knows the provider id', async () => {
    const message = await fixture('gmail-dsn-hard.eml');
    const context = sentStore([
      {
        ...sent('ours', 'no.such.user@gmail.com', 'Quick question', '2025-03-03T10:30', 'lf.c3.r8.s1@leadforge.test'),
        messageId: 'rewritten@leadforge.test',
      },
    ]);
    const event = await classifyInbound(message, context);
    assert.equal(event.kind, 'bounce');
    assert.equal(event.sent?.id, 'ours');
  });
});

describe('bounce severity over an address history', () => {
  it('is hard after one hard bounce or three soft ones, soft before, and null without bounces', () => {
    assert.equal(bounceSeverity([]), null);
    assert.equal(bounceSeverity(['soft']), 'soft');
    assert.equal(bounceSeverity(['soft', 'soft']), 'soft');
    assert.equal(SOFT_BOUNCES_AS_HARD, 3);
    assert.equal(bounceSeverity(['soft', 'soft', 'soft']), 'hard');
    assert.equal(bounceSeverity(['soft', 'hard']), 'hard');
    assert.equal(bounceSeverity([{ severity: 'soft' }, { severity: 'soft' }, { severity: 'soft' }]), 'hard');
  });
});

describe('subject normalisation', () => {
  const cases: [string, string][] = [
    ['RE: AW: [EXTERNAL] Fwd: Quick  Question', 'quick question'],
    ['Re[2]: Quick question', 'quick question'],
    ['RE : Idée', 'idée'],
    ['回复：合作机会', '合作机会'],
    ['回复: 回复: 合作机会', '合作机会'],
    ['Відп: Ідея для Primavera', 'ідея для primavera'],
    ['Res: Parceria com a Empresa', 'parceria com a empresa'],
    ['RV: Una idea para Tiendas Sol', 'una idea para tiendas sol'],
    ['Automatic reply: Partnership idea for Globex', 'partnership idea for globex'],
    ['Автоматична відповідь: Ідея для Primavera', 'ідея для primavera'],
    ['Resposta automática: Parceria com a Empresa', 'parceria com a empresa'],
    ['Reorganising the team', 'reorganising the team'],
  ];
  for (const [subject, expected] of cases) {
    it(`turns "${subject}" into "${expected}"`, () => assert.equal(normaliseSubject(subject), expected));
  }
});

describe('registrable domains', () => {
  const cases: [string, string][] = [
    ['mail.acme-corp.com', 'acme-corp.com'],
    ['acme.co.uk', 'acme.co.uk'],
    ['mail.acme.co.uk', 'acme.co.uk'],
    ['mx.primavera.com.ua', 'primavera.com.ua'],
    ['empresa.com.br', 'empresa.com.br'],
    ['tiendas-sol.es', 'tiendas-sol.es'],
    ['hq.dragonfly.cn', 'dragonfly.cn'],
  ];
  for (const [domain, expected] of cases) {
    it(`reads ${domain} as ${expected}`, () => assert.equal(registrableDomain(domain), expected));
  }
});
