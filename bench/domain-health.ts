/**
 * A domain health check of one domain as the user's "re-check" runs it: `POST /api/domain-health/check`
 * on the API in its own process (PostgreSQL), every DNS question answered by a loopback DNS server
 * (the tests' dns2 server): MX, SPF walked through its includes and evaluated for the sending
 * host, DKIM key, DMARC, forward-confirmed reverse DNS, and three IP and one domain blocklist
 * zones. Two domains: one that passes every check (SPF with two nested includes) and one that
 * fails several (SPF with 11 lookups through includes, a 1024-bit DKIM key, no DMARC). The
 * result is stored and pushed, as on the screen. Prints p50 / p95 / slowest and the DNS questions
 * per check; asserts nothing. Goal: one domain ≤ 1 s.
 *
 *   pnpm --filter @leadforge/bench domain-health
 *   BENCH_SAMPLES=50 pnpm --filter @leadforge/bench domain-health
 */
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { startLoopbackDns, type ZoneRecord } from '../api/src/engines/verification/test-peers';
import { createBenchDatabase, dropBenchDatabase, percentile, registerBenchUser, startApi, stopApi } from './http-session';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const WARM_UP = 3;

const publicKeyOf = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

/** A domain whose sending host smtp.<domain> is at `ip`, with a PTR back to it. */
function domainZone(
  domain: string,
  ip: string,
  records: { spf: string; dkimKey: string; dmarc: boolean },
): Record<string, ZoneRecord> {
  return {
    [domain]: { mx: [{ exchange: `mx.${domain}`, priority: 10 }], txt: ['google-site-verification=bench', records.spf] },
    [`mx.${domain}`]: { a: [ip] },
    [`smtp.${domain}`]: { a: [ip] },
    [`${ip.split('.').reverse().join('.')}.in-addr.arpa`]: { ptr: [`smtp.${domain}`] },
    [`lf1._domainkey.${domain}`]: { txt: [`v=DKIM1; k=rsa; p=${records.dkimKey}`] },
    ...(records.dmarc ? { [`_dmarc.${domain}`]: { txt: [`v=DMARC1; p=reject; rua=mailto:dmarc@${domain}; adkim=s`] } } : {}),
  };
}

const goodKey = publicKeyOf(2048);
const weakKey = publicKeyOf(1024);
const zone: Record<string, ZoneRecord> = {
  ...domainZone('good.bench.test', '127.0.0.10', {
    spf: 'v=spf1 a:smtp.good.bench.test include:_spf.mail.bench.test ~all',
    dkimKey: goodKey,
    dmarc: true,
  }),
  '_spf.mail.bench.test': { txt: ['v=spf1 ip4:198.51.100.0/24 include:_spf2.mail.bench.test -all'] },
  '_spf2.mail.bench.test': { txt: ['v=spf1 ip4:203.0.113.0/24 -all'] },
  ...domainZone('broken.bench.test', '127.0.0.11', {
    spf: `v=spf1 a:smtp.broken.bench.test ${Array.from({ length: 10 }, (_, i) => `include:i${i}.broken.bench.test`).join(' ')} -all`,
    dkimKey: weakKey,
    dmarc: false,
  }),
};
for (let i = 0; i < 10; i += 1) zone[`i${i}.broken.bench.test`] = { txt: [`v=spf1 ip4:198.51.${i}.0/24 -all`] };

const dns = await startLoopbackDns(zone, { canary: false });
const database = await createBenchDatabase('domain_health');
const api = await startApi(database.url, {
  DNS_SERVERS: dns.servers.join(','),
  DOMAIN_HEALTH_IP_BLOCKLISTS: 'zen.bl.bench.test,spamcop.bl.bench.test,barracuda.bl.bench.test',
  DOMAIN_HEALTH_DOMAIN_BLOCKLISTS: 'dbl.bl.bench.test',
});
try {
  const user = await registerBenchUser(api.url, database.url, 'Bench-password-1!');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    for (const [domain, key] of [
      ['good.bench.test', goodKey],
      ['broken.bench.test', weakKey],
    ] as const) {
      await db.query(
        `insert into email_accounts (user_id, account_id, email, smtp_host, smtp_port, smtp_security, smtp_user, dkim_selector, dkim_private_key, dkim_public_key)
         values ($1, $2, $3, $4, 587, 'starttls', $3, 'lf1', 'sealed-elsewhere', $5)`,
        [user.userId, user.accountId, `ada@${domain}`, `smtp.${domain}`, key],
      );
    }
  } finally {
    await db.end();
  }

  console.log(
    `\nDomain health check of one domain (POST /api/domain-health/check, PostgreSQL, loopback DNS), ${SAMPLES} sequential checks after ${WARM_UP}, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log('| domain | health | p50 | p95 | slowest | DNS questions per check |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const domain of ['good.bench.test', 'broken.bench.test']) {
    const check = () => user.session.call<{ item: { health: string } }>('POST', '/api/domain-health/check', { domain });
    for (let i = 0; i < WARM_UP; i += 1) await check();
    const asked = dns.queries();
    const times: number[] = [];
    let health = '';
    for (let i = 0; i < SAMPLES; i += 1) {
      const started = performance.now();
      health = (await check()).item.health;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `| ${domain} | ${health} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(times.at(-1)!)} | ${((dns.queries() - asked) / SAMPLES).toFixed(0)} |`,
    );
  }
  console.log(`\nload average ${os.loadavg()[0]!.toFixed(1)} (goal: one domain ≤ 1 s)`);
} finally {
  await stopApi(api.child);
  await dns.close();
  await dropBenchDatabase(database.name);
}
