import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { classifyRcpt } from './classify';
import { isDisposableDomain, isFreeMailDomain, isRoleAccount } from './domain-lists';
import { VerificationEngine, type EngineOptions } from './engine';
import { parseAddress, suggestCorrection } from './syntax';
import { startLoopbackDns, startScriptedSmtp, type LoopbackDns, type RcptBehaviour, type ScriptedSmtp } from './test-peers';

describe('address syntax and lists', () => {
  it('accepts practical addresses and refuses malformed ones', () => {
    assert.deepEqual(parseAddress(' John.Doe+tag@Example.COM '), { email: 'john.doe+tag@example.com', local: 'john.doe+tag', domain: 'example.com' });
    assert.equal(parseAddress('user@bücher.de')?.domain, 'xn--bcher-kva.de');
    for (const bad of ['', 'plain', '@example.com', 'a@', 'a..b@example.com', '.a@example.com', 'a@localhost', 'a@example.123', 'a@-x.com', 'a b@example.com', `${'x'.repeat(65)}@example.com`, 'a@[127.0.0.1]', '"q"@example.com']) {
      assert.equal(parseAddress(bad), null, bad);
    }
  });

  it('suggests the common domain for a typo', () => {
    assert.equal(suggestCorrection(parseAddress('jane@gmial.com')!), 'jane@gmail.com');
    assert.equal(suggestCorrection(parseAddress('jane@gmail.com')!), null);
  });

  it('knows disposable, free-mail and role addresses', () => {
    assert.equal(isDisposableDomain('mailinator.com'), true);
    assert.equal(isDisposableDomain('acme-corp.com'), false);
    assert.equal(isFreeMailDomain('gmail.com'), true);
    assert.equal(isFreeMailDomain('acme-corp.com'), false);
    assert.equal(isRoleAccount('support'), true);
    assert.equal(isRoleAccount('sales+eu'), true);
    assert.equal(isRoleAccount('jane.doe'), false);
  });

  it('never reads a policy refusal as a missing mailbox', () => {
    assert.deepEqual(classifyRcpt({ code: 550, enhanced: '5.7.1', text: 'blocked' }), { kind: 'policy' });
    assert.deepEqual(classifyRcpt({ code: 550, enhanced: null, text: 'Client host blocked using Spamhaus' }), { kind: 'policy' });
    assert.deepEqual(classifyRcpt({ code: 550, enhanced: '5.1.1', text: 'user unknown' }), { kind: 'rejected', reason: 'mailbox_not_found' });
    assert.deepEqual(classifyRcpt({ code: 450, enhanced: '4.2.0', text: 'greylisted' }), { kind: 'temporary' });
    assert.deepEqual(classifyRcpt({ code: 552, enhanced: '5.2.2', text: 'full' }), { kind: 'full' });
  });
});

describe('verification engine against loopback DNS and SMTP servers', () => {
  let dns: LoopbackDns;
  let smtp: ScriptedSmtp;
  let slow: ScriptedSmtp;
  const behaviourByDomain: Record<string, RcptBehaviour> = {
    'ok.test': 'accept',
    'bad.test': 'reject',
    'grey.test': 'greylist',
    'all.test': 'accept',
    'slow.test': 'timeout',
    'drop.test': 'drop',
    'policy.test': 'policy',
    'full.test': 'full',
  };
  // Named mailboxes of ok.test exist; any other local part there is refused.
  const script = ({ recipient }: { recipient: string }): RcptBehaviour => {
    const [local, domain] = recipient.split('@') as [string, string];
    if (domain === 'ok.test') return ['jane', 'john', 'info'].includes(local) ? 'accept' : 'reject';
    if (domain === 'grey.test') return local.length === 16 ? 'reject' : 'greylist';
    return behaviourByDomain[domain] ?? 'reject';
  };
  let engine: VerificationEngine;
  let options: EngineOptions;

  before(async () => {
    const hosts = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15', '127.0.0.16', '127.0.0.17', '127.0.0.18'];
    smtp = await startScriptedSmtp({ hosts: hosts.slice(0, 7), script });
    slow = await startScriptedSmtp({ hosts: ['127.0.0.19'], port: smtp.port, script: () => 'accept', greetingDelayMs: 5_000 });
    const zone: Parameters<typeof startLoopbackDns>[0] = {
      'nomx.test': {},
      'nullmx.test': { mx: [{ exchange: '', priority: 0 }] },
      // No MX: mail goes to the A record (RFC 5321 §5.1).
      'direct.test': { a: ['127.0.0.11'] },
      'tarpit.test': { mx: [{ exchange: 'mx.tarpit.test', priority: 10 }] },
      'mx.tarpit.test': { a: ['127.0.0.19'] },
      // Best MX refuses connections (nothing listens on .18), the second one answers.
      'backup.test': { mx: [{ exchange: 'mx1.backup.test', priority: 5 }, { exchange: 'mx2.backup.test', priority: 10 }] },
      'mx1.backup.test': { a: ['127.0.0.18'] },
      'mx2.backup.test': { a: ['127.0.0.11'] },
    };
    const domains = ['ok.test', 'bad.test', 'grey.test', 'all.test', 'slow.test', 'drop.test', 'policy.test'];
    domains.forEach((domain, index) => {
      zone[domain] = { mx: [{ exchange: `mx.${domain}`, priority: 10 }] };
      zone[`mx.${domain}`] = { a: [hosts[index]!] };
    });
    zone['full.test'] = { mx: [{ exchange: 'mx.ok.test', priority: 10 }] };
    dns = await startLoopbackDns(zone);
    options = {
      dnsServers: dns.servers,
      smtpPort: smtp.port,
      heloName: 'probe.leadforge.test',
      mailFrom: 'verify@leadforge.test',
      connectTimeoutMs: 1_000,
      commandTimeoutMs: 700,
      perMxConcurrency: 2,
      globalConcurrency: 10,
      cacheTtlSeconds: 60,
      allowPrivate: ['127.0.0.0/8'],
    };
  });
  beforeEach(() => {
    engine = new VerificationEngine(options);
    smtp.resetStats();
  });
  after(async () => {
    await smtp?.close();
    await slow?.close();
    await dns?.close();
  });

  it('never probes an MX that resolves into a private network unless that range is allowed', async () => {
    const guarded = new VerificationEngine({ ...options, allowPrivate: [] });
    const [result] = await guarded.verify(['jane@ok.test']);
    assert.equal(result!.status, 'unknown');
    assert.deepEqual(result!.reasons, ['connection_failed']);
    assert.equal(smtp.stats().connections, 0);
  });

  it('tells valid, invalid and catch-all apart and never sends DATA', async () => {
    const [valid, invalid, catchAll, badDomain] = await engine.verify(['jane@ok.test', 'nobody@ok.test', 'anyone@all.test', 'x@bad.test']);
    assert.equal(valid!.status, 'valid');
    assert.deepEqual(valid!.reasons, ['accepted']);
    assert.equal(valid!.smtpCode, 250);
    assert.equal(valid!.risk, 'low');
    assert.equal(invalid!.status, 'not_valid');
    assert.deepEqual(invalid!.reasons, ['mailbox_not_found']);
    assert.equal(invalid!.smtpCode, 550);
    assert.equal(invalid!.enhancedCode, '5.1.1');
    assert.equal(catchAll!.status, 'catch_all');
    assert.equal(catchAll!.flags.catchAll, true);
    assert.equal(badDomain!.status, 'not_valid');
    const stats = smtp.stats();
    assert.equal(stats.dataCommands, 0);
    assert.ok(stats.heloNames.every((name) => name === 'probe.leadforge.test'));
    assert.ok(stats.mailFromAddresses.every((address) => address === 'verify@leadforge.test'));
  });

  it('reports greylisting, then the retry resolves it', async () => {
    const [first] = await engine.verify(['jane@grey.test']);
    assert.equal(first!.status, 'greylist');
    assert.equal(first!.smtpCode, 450);
    assert.deepEqual(first!.reasons, ['greylisted']);
    const [retry] = await engine.verify(['jane@grey.test'], { bypassCache: true });
    assert.equal(retry!.status, 'valid');
  });

  it('never calls a policy block invalid, and is honest about timeouts, drops and full mailboxes', async () => {
    const results = await engine.verify(['jane@policy.test', 'jane@slow.test', 'jane@drop.test', 'jane@full.test', 'jane@tarpit.test']);
    const [policy, timeout, dropped, full, tarpit] = results;
    assert.equal(policy!.status, 'unknown');
    assert.deepEqual(policy!.reasons, ['policy_block']);
    assert.equal(policy!.enhancedCode, '5.7.1');
    assert.equal(timeout!.status, 'unknown');
    assert.deepEqual(timeout!.reasons, ['timeout']);
    assert.equal(dropped!.status, 'unknown');
    assert.deepEqual(dropped!.reasons, ['connection_dropped']);
    assert.equal(full!.status, 'unknown');
    assert.deepEqual(full!.reasons, ['mailbox_full']);
    assert.equal(tarpit!.status, 'unknown');
    assert.deepEqual(tarpit!.reasons, ['timeout']);
  });

  it('reads DNS: missing domain, no mail host, null MX, A fallback and a backup MX', async () => {
    const [missing, noMx, nullMx, direct, backup] = await engine.verify(['a@missing.test', 'a@nomx.test', 'a@nullmx.test', 'jane@direct.test', 'jane@backup.test']);
    assert.deepEqual([missing!.status, missing!.reasons], ['not_valid', ['domain_missing']]);
    assert.deepEqual([noMx!.status, noMx!.reasons], ['not_valid', ['mx_missing']]);
    assert.deepEqual([nullMx!.status, nullMx!.reasons], ['not_valid', ['null_mx']]);
    // direct.test's A record points at the ok.test server, which refuses unknown domains.
    assert.equal(direct!.smtpCode, 550);
    assert.equal(backup!.mxHost, 'mx2.backup.test');
  });

  it('answers a syntax failure without any lookup, flags roles and free mail, suggests a fix', async () => {
    const [syntax, role, typo] = await engine.verify(['not an address', 'info@ok.test', 'jane@gmial.com']);
    assert.deepEqual([syntax!.status, syntax!.reasons, syntax!.syntaxValid], ['not_valid', ['syntax'], false]);
    assert.equal(role!.flags.role, true);
    assert.equal(role!.risk, 'medium');
    assert.equal(typo!.suggestion, 'jane@gmail.com');
  });

  it('reuses one session per MX for a batch, caps concurrency per MX, and caches results', async () => {
    const batch = Array.from({ length: 30 }, (_, index) => (index % 3 === 0 ? 'jane@ok.test' : `user${index}@ok.test`));
    await engine.verify(batch);
    const first = smtp.stats();
    assert.ok(first.connections <= options.perMxConcurrency, `opened ${first.connections}`);
    assert.ok((first.maxConcurrentByHost['127.0.0.11'] ?? 0) <= options.perMxConcurrency);
    smtp.resetStats();
    const repeat = await engine.verify(batch);
    assert.equal(smtp.stats().connections, 0);
    assert.ok(repeat.every((result) => result.fromCache));
    assert.equal(engine.stats().cacheHits, 21);
  });
});
