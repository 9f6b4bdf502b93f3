/**
 * The SPF parser, the lookup count and the verdict for a sending address, over a table of DNS
 * answers (the walk takes its resolver as an argument; the HTTP tests use a real DNS server).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reverseName, type DnsAnswer } from './dns';
import { evaluateSpf, finalAll, isSpfRecord, parseSpf, walkSpf, type SpfDns } from './spf';

interface Zone {
  txt?: string[];
  a?: string[];
  mx?: string[];
  fail?: boolean;
}

function tableDns(zone: Record<string, Zone>): SpfDns & { asked: string[] } {
  const asked: string[] = [];
  const answer = <T>(name: string, pick: (entry: Zone) => T[] | undefined): DnsAnswer<T[]> => {
    asked.push(name);
    const entry = zone[name];
    if (entry?.fail) return { kind: 'failed', code: 'ETIMEOUT' };
    const value = entry ? pick(entry) : undefined;
    return value && value.length ? { kind: 'found', value } : { kind: 'none' };
  };
  return {
    asked,
    txt: async (name) => answer(name, (entry) => entry.txt),
    addresses: async (name) => answer(name, (entry) => entry.a),
    mx: async (name) => answer(name, (entry) => entry.mx?.map((exchange, index) => ({ exchange, priority: 10 * (index + 1) }))),
  };
}

describe('SPF parser', () => {
  it('reads mechanisms, qualifiers, dual CIDR lengths and modifiers', () => {
    const parsed = parseSpf('v=spf1 ip4:203.0.113.0/24 ip6:2001:db8::/32 a mx:mail.example.com/28//64 -include:_spf.example.net ~all redirect=spf.example.org exp=explain.example.org x-custom=1');
    assert.ok(parsed.ok);
    const { mechanisms, redirect, exp } = parsed.record;
    assert.deepEqual(
      mechanisms.map((m) => [m.qualifier, m.kind, m.value, m.cidr4, m.cidr6]),
      [
        ['+', 'ip4', '203.0.113.0', 24, null],
        ['+', 'ip6', '2001:db8::', null, 32],
        ['+', 'a', null, null, null],
        ['+', 'mx', 'mail.example.com', 28, 64],
        ['-', 'include', '_spf.example.net', null, null],
        ['~', 'all', null, null, null],
      ],
    );
    assert.equal(redirect, 'spf.example.org');
    assert.equal(exp, 'explain.example.org');
  });

  it('accepts upper case, macros and a bare version', () => {
    assert.ok(parseSpf('V=SPF1 INCLUDE:_spf.Example.com -ALL').ok);
    assert.ok(parseSpf('v=spf1 exists:%{i}._spf.example.com -all').ok);
    assert.ok(parseSpf('v=spf1').ok);
  });

  it('names the first term that is not valid syntax', () => {
    const cases: [string, string][] = [
      ['v=spf1 ip4:300.1.1.1 -all', 'ip4:300.1.1.1'],
      ['v=spf1 ip4:192.0.2.1/33 -all', 'ip4:192.0.2.1/33'],
      ['v=spf1 include -all', 'include'],
      ['v=spf1 all:example.com', 'all:example.com'],
      ['v=spf1 a:bad_%x.example.com', 'a:bad_%x.example.com'],
      ['v=spf1 redirect=a.example.com redirect=b.example.com', 'redirect=b.example.com'],
      ['v=spf1 ipv4:192.0.2.1 -all', 'ipv4:192.0.2.1'],
      ['v=spf1 ?mx:example/24 -all', '?mx:example/24'],
      ['v=spf1 ip6:2001:db8::/129', 'ip6:2001:db8::/129'],
    ];
    for (const [record, term] of cases) {
      const parsed = parseSpf(record);
      assert.equal(parsed.ok, false, record);
      assert.equal(!parsed.ok && parsed.term, term, record);
    }
  });

  it('tells SPF records from other TXT records', () => {
    assert.ok(isSpfRecord('v=spf1 -all'));
    assert.ok(isSpfRecord('v=spf1'));
    assert.ok(!isSpfRecord('v=spf10 -all'));
    assert.ok(!isSpfRecord('google-site-verification=abc'));
  });
});

describe('SPF walk', () => {
  it('counts every DNS-querying term through includes and a redirect, and passes a listed host', async () => {
    const dns = tableDns({
      'example.com': { txt: ['v=spf1 a mx include:_spf.provider.test redirect=_spf.example.com'], a: ['192.0.2.1'], mx: ['mx.example.com'] },
      'mx.example.com': { a: ['192.0.2.2'] },
      '_spf.provider.test': { txt: ['v=spf1 ip4:198.51.100.0/24 include:_netblocks.provider.test ~all'] },
      '_netblocks.provider.test': { txt: ['v=spf1 ip4:203.0.113.0/25 ptr -all'] },
      '_spf.example.com': { txt: ['v=spf1 exists:ok.example.com -all'] },
      'ok.example.com': { a: ['127.0.0.2'] },
    });
    const walk = await walkSpf('example.com', dns);
    // a, mx, include, (include, ptr inside), redirect, exists inside it.
    assert.equal(walk.lookups, 7);
    assert.equal(walk.voidLookups, 0);
    assert.equal(walk.incomplete, false);
    assert.equal(evaluateSpf(walk, '203.0.113.7'), 'pass');
    assert.equal(evaluateSpf(walk, '192.0.2.2'), 'pass');
    assert.equal(evaluateSpf(walk, '198.51.100.200'), 'pass');
    // Not listed anywhere: the include fails, the redirect's exists matches anyone.
    assert.equal(evaluateSpf(walk, '203.0.113.200'), 'pass');
    assert.equal(finalAll(walk), null);
  });

  it('fails an address the record does not list, soft or hard as the record ends', async () => {
    const soft = await walkSpf('soft.test', tableDns({ 'soft.test': { txt: ['v=spf1 ip4:192.0.2.0/24 ~all'] } }));
    assert.equal(evaluateSpf(soft, '192.0.2.9'), 'pass');
    assert.equal(evaluateSpf(soft, '198.51.100.1'), 'softfail');
    assert.equal(finalAll(soft), '~');
    const hard = await walkSpf('hard.test', tableDns({ 'hard.test': { txt: ['v=spf1 ip6:2001:db8::/48 -all'] } }));
    assert.equal(evaluateSpf(hard, '2001:db8:0:1::5'), 'pass');
    assert.equal(evaluateSpf(hard, '::ffff:192.0.2.1'), 'fail');
  });

  it('counts eleven lookups past the limit of ten and makes every address a permanent error', async () => {
    const zone: Record<string, Zone> = { 'eleven.test': { txt: [`v=spf1 ip4:192.0.2.1 ${Array.from({ length: 11 }, (_, i) => `include:i${i}.eleven.test`).join(' ')} -all`] } };
    for (let i = 0; i < 11; i += 1) zone[`i${i}.eleven.test`] = { txt: [`v=spf1 ip4:198.51.100.${i} -all`] };
    const walk = await walkSpf('eleven.test', tableDns(zone));
    assert.equal(walk.lookups, 11);
    assert.equal(evaluateSpf(walk, '192.0.2.1'), 'permerror');
  });

  it('counts lookups nested in includes', async () => {
    const zone: Record<string, Zone> = {
      'nested.test': { txt: ['v=spf1 include:a.nested.test include:b.nested.test -all'] },
      'a.nested.test': { txt: [`v=spf1 ${Array.from({ length: 5 }, (_, i) => `a:h${i}.nested.test`).join(' ')} -all`] },
      'b.nested.test': { txt: [`v=spf1 ${Array.from({ length: 4 }, (_, i) => `mx:m${i}.nested.test`).join(' ')} -all`] },
    };
    for (let i = 0; i < 5; i += 1) zone[`h${i}.nested.test`] = { a: ['192.0.2.1'] };
    for (let i = 0; i < 4; i += 1) zone[`m${i}.nested.test`] = { mx: ['mx.nested.test'] };
    zone['mx.nested.test'] = { a: ['192.0.2.2'] };
    const walk = await walkSpf('nested.test', tableDns(zone));
    assert.equal(walk.lookups, 11);
  });

  it('notes an include that publishes no SPF record, and counts lookups that answer nothing', async () => {
    const walk = await walkSpf('void.test', tableDns({ 'void.test': { txt: ['v=spf1 include:gone.test a:none1.test a:none2.test -all'] } }));
    assert.equal(walk.missingInclude, 'gone.test');
    assert.equal(walk.voidLookups, 3);
    assert.equal(evaluateSpf(walk, '192.0.2.1'), 'permerror');
  });

  it('stops at an include loop instead of walking forever', async () => {
    const dns = tableDns({
      'loop.test': { txt: ['v=spf1 include:other.test -all'] },
      'other.test': { txt: ['v=spf1 include:loop.test -all'] },
    });
    const walk = await walkSpf('loop.test', dns);
    assert.ok(dns.asked.length < 10);
    assert.equal(evaluateSpf(walk, '192.0.2.1'), 'permerror');
  });

  it('says a resolver failure is a temporary error, not a verdict', async () => {
    const walk = await walkSpf('flaky.test', tableDns({ 'flaky.test': { txt: ['v=spf1 include:down.test -all'] }, 'down.test': { fail: true } }));
    assert.equal(walk.incomplete, true);
    assert.equal(evaluateSpf(walk, '192.0.2.1'), 'temperror');
  });

  it('finds two SPF records on one name and a syntax error in an include', async () => {
    const two = await walkSpf('two.test', tableDns({ 'two.test': { txt: ['v=spf1 -all', 'v=spf1 mx -all'] } }));
    assert.equal(two.root.problem?.kind, 'multiple');
    const nested = await walkSpf('n.test', tableDns({ 'n.test': { txt: ['v=spf1 include:bad.test -all'] }, 'bad.test': { txt: ['v=spf1 ip4:1.2.3 -all'] } }));
    assert.equal(nested.nestedSyntax, 'bad.test: ip4:1.2.3');
  });
});

describe('reverse names', () => {
  it('asks PTR under in-addr.arpa and ip6.arpa nibbles, never the hosts file', () => {
    assert.equal(reverseName('203.0.113.5'), '5.113.0.203.in-addr.arpa');
    assert.equal(reverseName('2001:db8::1'), '1.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa');
  });
});
