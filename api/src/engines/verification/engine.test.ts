import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { classifyRcpt } from './classify';
import { isDisposableDomain, isFreeMailDomain, isRoleAccount } from './domain-lists';
import { VerificationEngine, type EngineOptions } from './engine';
import { parseAddress, suggestCorrection } from './syntax';
import { startLoopbackDns, startScriptedSmtp, type LoopbackDns, type RcptBehaviour, type ScriptedSmtp } from './test-peers';

/** Probe settings every engine of these tests shares; each adds its resolver and SMTP port. */
const ENGINE_BASE = {
  heloName: 'probe.leadforge.test',
  mailFrom: 'verify@leadforge.test',
  connectTimeoutMs: 1_000,
  commandTimeoutMs: 700,
  perMxConcurrency: 2,
  globalConcurrency: 10,
  cacheTtlSeconds: 60,
} satisfies Partial<EngineOptions>;

describe('address syntax and lists', () => {
  it('accepts practical addresses and refuses malformed ones', () => {
    assert.deepEqual(parseAddress(' John.Doe+tag@Example.COM '), { email: 'john.doe+tag@example.com', local: 'john.doe+tag', domain: 'example.com', utf8Local: false });
    assert.equal(parseAddress('user@bücher.de')?.domain, 'xn--bcher-kva.de');
    for (const bad of ['', 'plain', '@example.com', 'a@', 'a..b@example.com', '.a@example.com', 'a@localhost', 'a@example.123', 'a@-x.com', 'a b@example.com', `${'x'.repeat(65)}@example.com`, 'a@[127.0.0.1]', '"q"@example.com']) {
      assert.equal(parseAddress(bad), null, bad);
    }
  });

  it('accepts internationalised (RFC 6531) local parts instead of calling them bad syntax', () => {
    assert.deepEqual(parseAddress('Jöran@Example.com'), { email: 'jöran@example.com', local: 'jöran', domain: 'example.com', utf8Local: true });
    assert.equal(parseAddress('用户@例子.中国')?.domain, 'xn--fsqu00a.xn--fiqs8s');
  });

  it('refuses a domain that is not a host name, such as a symbol after the TLD, before any punycode conversion', () => {
    for (const bad of ['user@example.com©', 'user@example.com®', 'user@exam™ple.com', 'user@example.com!', 'user@exa,mple.com', 'user@example.c0m']) {
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
    // milter-greylist's answer is temporary although its enhanced code is in the 4.7 (policy) class.
    assert.deepEqual(classifyRcpt({ code: 451, enhanced: '4.7.1', text: 'Greylisting in action, please come back later' }), { kind: 'temporary' });
    assert.deepEqual(classifyRcpt({ code: 421, enhanced: '4.7.0', text: 'Try again later, closing connection' }), { kind: 'temporary' });
    assert.deepEqual(classifyRcpt({ code: 450, enhanced: '4.7.1', text: 'Client host rejected: cannot find your hostname' }), { kind: 'temporary' });
    assert.deepEqual(classifyRcpt({ code: 552, enhanced: '5.2.2', text: 'full' }), { kind: 'full' });
  });
});

describe('verification engine against loopback DNS and SMTP servers', () => {
  let dns: LoopbackDns;
  let smtp: ScriptedSmtp;
  let slow: ScriptedSmtp;
  let asciiOnly: ScriptedSmtp;
  let busy: ScriptedSmtp;
  const busyHosts = Array.from({ length: 15 }, (_, index) => `127.0.0.${40 + index}`);
  const behaviourByDomain: Record<string, RcptBehaviour> = {
    'ok.test': 'accept',
    'bad.test': 'reject',
    'grey.test': 'greylist',
    'all.test': 'accept',
    'slow.test': 'timeout',
    'drop.test': 'drop',
    'policy.test': 'policy',
    'full.test': 'full',
    'milter.test': 'milter-greylist',
  };
  // Named mailboxes of ok.test exist; any other local part there is refused.
  const script = ({ recipient }: { recipient: string }): RcptBehaviour => {
    const [local, domain] = recipient.split('@') as [string, string];
    if (domain === 'ok.test') return ['jane', 'john', 'info'].includes(local) ? 'accept' : 'reject';
    if (domain === 'grey.test') return local.length === 16 ? 'reject' : 'greylist';
    if (domain === 'milter.test') return local.length === 16 ? 'reject' : 'milter-greylist';
    if (domain === 'intl.test' || domain === 'ascii-only.test' || domain.endsWith('.tenant.test') || domain.startsWith('busy')) {
      return local.length === 16 ? 'reject' : 'accept';
    }
    return behaviourByDomain[domain] ?? 'reject';
  };
  let engine: VerificationEngine;
  let options: EngineOptions;

  before(async () => {
    const hosts = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15', '127.0.0.16', '127.0.0.17', '127.0.0.18'];
    smtp = await startScriptedSmtp({ hosts: hosts.slice(0, 7), script });
    slow = await startScriptedSmtp({ hosts: ['127.0.0.19'], port: smtp.port, script: () => 'accept', greetingDelayMs: 5_000 });
    // A server without SMTPUTF8 (.21), and many servers answering slowly enough to overlap (.40–.54).
    asciiOnly = await startScriptedSmtp({ hosts: ['127.0.0.21'], port: smtp.port, script, smtpUtf8: false });
    busy = await startScriptedSmtp({ hosts: busyHosts, port: smtp.port, script, latencyMs: [5, 15] });
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
    zone['milter.test'] = { mx: [{ exchange: 'mx.grey.test', priority: 10 }] };
    zone['intl.test'] = { mx: [{ exchange: 'mx.ok.test', priority: 10 }] };
    zone['ascii-only.test'] = { mx: [{ exchange: 'mx.ascii-only.test', priority: 10 }] };
    zone['mx.ascii-only.test'] = { a: ['127.0.0.21'] };
    // Ten tenants, ten MX names, one server address (how Microsoft 365 domains look).
    for (let tenant = 0; tenant < 10; tenant += 1) {
      zone[`t${tenant}.tenant.test`] = { mx: [{ exchange: `t${tenant}-tenant-test.mail.protection.test`, priority: 0 }] };
      zone[`t${tenant}-tenant-test.mail.protection.test`] = { a: ['127.0.0.20'] };
    }
    busyHosts.forEach((host, index) => {
      zone[`busy${index}.test`] = { mx: [{ exchange: `mx.busy${index}.test`, priority: 10 }] };
      zone[`mx.busy${index}.test`] = { a: [host] };
    });
    dns = await startLoopbackDns(zone);
    options = { ...ENGINE_BASE, dnsServers: dns.servers, smtpPort: smtp.port, allowPrivate: ['127.0.0.0/8'] };
  });
  beforeEach(() => {
    engine = new VerificationEngine(options);
    smtp.resetStats();
    busy.resetStats();
  });
  after(async () => {
    await smtp?.close();
    await slow?.close();
    await asciiOnly?.close();
    await busy?.close();
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

  it('treats milter-greylist\'s "451 4.7.1 Greylisting in action" as greylisting, and the re-check resolves it', async () => {
    const [first] = await engine.verify(['jane@milter.test']);
    assert.equal(first!.status, 'greylist');
    assert.deepEqual([first!.smtpCode, first!.enhancedCode, first!.reasons], [451, '4.7.1', ['greylisted']]);
    const [retry] = await engine.verify(['jane@milter.test'], { bypassCache: true });
    assert.equal(retry!.status, 'valid');
  });

  it('verifies an internationalised address with a server that announces SMTPUTF8, and answers unknown (not invalid) without it', async () => {
    const [supported, unsupported] = await engine.verify(['jöran@intl.test', 'jöran@ascii-only.test']);
    assert.equal(supported!.status, 'valid');
    assert.equal(supported!.email, 'jöran@intl.test');
    assert.equal(unsupported!.status, 'unknown');
    assert.deepEqual(unsupported!.reasons, ['smtputf8_unsupported']);
    assert.equal(unsupported!.syntaxValid, true);
  });

  it('rejects "user@example.com©" as bad syntax without asking DNS', async () => {
    const before = dns.queries();
    const [result] = await engine.verify(['user@example.com©']);
    assert.deepEqual([result!.status, result!.reasons, result!.syntaxValid], ['not_valid', ['syntax'], false]);
    assert.equal(dns.queries(), before);
  });

  it('caps sessions per server address when ten MX names point at one IP', async () => {
    const tenantServer = await startScriptedSmtp({ hosts: ['127.0.0.20'], port: smtp.port, script, latencyMs: [10, 30] });
    try {
      const batch = Array.from({ length: 10 }, (_, tenant) => Array.from({ length: 4 }, (__, person) => `person${person}@t${tenant}.tenant.test`)).flat();
      const results = await engine.verify(batch);
      assert.ok(results.every((result) => result.status === 'valid'), JSON.stringify(results.map((result) => result.status)));
      const served = tenantServer.stats();
      assert.ok(served.connections >= 2, `opened ${served.connections}`);
      assert.ok((served.maxConcurrentByHost['127.0.0.20'] ?? 0) <= options.perMxConcurrency, `server saw ${served.maxConcurrentByHost['127.0.0.20']}`);
      assert.ok((engine.stats().maxConcurrentByAddress['127.0.0.20'] ?? 0) <= options.perMxConcurrency);
    } finally {
      await tenantServer.close();
    }
  });

  it('listens once per job on its abort signal, however many sessions run (no MaxListenersExceededWarning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const wide = new VerificationEngine({ ...options, globalConcurrency: 40 });
      const controller = new AbortController();
      const batch = busyHosts.flatMap((_, index) => Array.from({ length: 6 }, (__, person) => `person${person}@busy${index}.test`));
      const results = await wide.verify(batch, { signal: controller.signal });
      assert.ok(results.every((result) => result.status === 'valid'));
      assert.ok(Object.values(busy.stats().maxConcurrentByHost).some((count) => count > 1), 'sessions overlapped');
      assert.ok(busy.stats().connections > 10);
      // process.emitWarning reports on the next tick.
      await new Promise<void>((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning').map((warning) => warning.message), []);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('stops a job\'s sessions when its signal aborts, answering the rest unknown', async () => {
    const controller = new AbortController();
    const batch = Array.from({ length: 20 }, (_, person) => `person${person}@slow.test`);
    const running = engine.verify(batch, { signal: controller.signal });
    controller.abort();
    const results = await running;
    assert.ok(results.every((result) => result.status === 'unknown'));
  });
});

/** An engine that asks only the given resolver (no mail server is reached in these tests). */
function engineOn(dnsServers: string[]) {
  return new VerificationEngine({ ...ENGINE_BASE, dnsServers, smtpPort: 25 });
}

describe('verification engine without working DNS', () => {
  it('calls a domain missing only when the resolver can find the canary; otherwise the lookup failed (unknown)', async () => {
    const broken = await startLoopbackDns({}, { canary: false, mode: 'nxdomain' });
    try {
      const engine = engineOn(broken.servers);
      const [gmail, company] = await engine.verify(['jane@gmail.com', 'jane@acme-corp.com']);
      assert.deepEqual([gmail!.status, gmail!.reasons], ['unknown', ['dns_lookup_failed', 'free']]);
      assert.deepEqual([company!.status, company!.reasons, company!.risk], ['unknown', ['dns_lookup_failed'], 'high']);
      broken.setMode('servfail');
      engine.clearCaches();
      const [servfail] = await engine.verify(['jane@acme-corp.com']);
      assert.deepEqual([servfail!.status, servfail!.reasons], ['unknown', ['dns_lookup_failed']]);
    } finally {
      await broken.close();
    }
  });

  it('still says "domain missing" when the same resolver answers the canary', async () => {
    const working = await startLoopbackDns({});
    try {
      const engine = engineOn(working.servers);
      const [missing] = await engine.verify(['jane@no-such-company.test']);
      assert.deepEqual([missing!.status, missing!.reasons], ['not_valid', ['domain_missing']]);
    } finally {
      await working.close();
    }
  });
});
