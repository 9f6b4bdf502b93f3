/**
 * Bulk verification throughput of the engine (engines/verification) against loopback peers:
 * 10,000 addresses over 200 domains, each domain with its own MX (its own 127.x address and
 * scripted SMTP server) answering every command with 50–200 ms of latency. Prints addresses/s,
 * SMTP sessions opened per domain and the highest concurrency one MX saw (must stay ≤ the per-MX
 * cap), then the cache hit ratio and the sessions opened by a repeat run within the TTL (goal 0).
 *
 *   pnpm --filter @leadforge/bench verification
 *   BENCH_PER_MX=3 BENCH_GLOBAL=300 BENCH_ADDRESSES=10000 BENCH_DOMAINS=200 pnpm --filter @leadforge/bench verification
 */
import { VerificationEngine } from '../api/src/engines/verification/engine';
import { startLoopbackDns, startScriptedSmtp, type RcptBehaviour, type ZoneRecord } from '../api/src/engines/verification/test-peers';

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 10_000);
const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 200);
const PER_MX = Number(process.env.BENCH_PER_MX ?? 3);
const GLOBAL = Number(process.env.BENCH_GLOBAL ?? 300);
const LATENCY: [number, number] = [50, 200];
/** Every tenth domain accepts everything (catch-all). */
const CATCH_ALL_EVERY = 10;

const domainName = (index: number) => `d${index}.bench.test`;
const mxAddress = (index: number) => `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;

const zone: Record<string, ZoneRecord> = {};
for (let index = 0; index < DOMAINS; index += 1) {
  zone[domainName(index)] = { mx: [{ exchange: `mx.${domainName(index)}`, priority: 10 }] };
  zone[`mx.${domainName(index)}`] = { a: [mxAddress(index)] };
}
const dns = await startLoopbackDns(zone);
const script = ({ recipient }: { recipient: string }): RcptBehaviour => {
  const [local, domain] = recipient.split('@') as [string, string];
  const index = Number(/^d(\d+)\./.exec(domain)?.[1] ?? -1);
  if (index % CATCH_ALL_EVERY === 0) return 'accept';
  // Two in three named mailboxes exist; random decoys never do.
  return /^user\d+$/.test(local) && Number(local.slice(4)) % 3 !== 0 ? 'accept' : 'reject';
};
const smtp = await startScriptedSmtp({ hosts: Array.from({ length: DOMAINS }, (_, index) => mxAddress(index)), script, latencyMs: LATENCY });

const engine = new VerificationEngine({
  dnsServers: dns.servers,
  smtpPort: smtp.port,
  heloName: 'bench.leadforge.test',
  mailFrom: 'bench@leadforge.test',
  connectTimeoutMs: 5_000,
  commandTimeoutMs: 10_000,
  perMxConcurrency: PER_MX,
  globalConcurrency: GLOBAL,
  cacheTtlSeconds: 3_600,
  // The loopback MX servers stand in for public ones.
  allowPrivate: ['127.0.0.0/8'],
});
const addresses = Array.from({ length: ADDRESSES }, (_, index) => `user${Math.floor(index / DOMAINS)}@${domainName(index % DOMAINS)}`);

const started = performance.now();
const results = await engine.verify(addresses);
const seconds = (performance.now() - started) / 1000;
const first = smtp.stats();
const perDomain = Object.values(first.connectionsByHost);
const maxConcurrent = Math.max(...Object.values(first.maxConcurrentByHost));
const byStatus = results.reduce<Record<string, number>>((counts, result) => ({ ...counts, [result.status]: (counts[result.status] ?? 0) + 1 }), {});

smtp.resetStats();
engine.resetStats();
const repeatStarted = performance.now();
await engine.verify(addresses);
const repeatSeconds = (performance.now() - repeatStarted) / 1000;
const repeat = engine.stats();

const figures = {
  addresses: ADDRESSES,
  domains: DOMAINS,
  latencyMsPerCommand: LATENCY,
  perMxCap: PER_MX,
  globalConcurrency: GLOBAL,
  seconds: Number(seconds.toFixed(2)),
  addressesPerSecond: Math.round(ADDRESSES / seconds),
  statuses: byStatus,
  smtpSessions: first.connections,
  sessionsPerDomain: { min: Math.min(...perDomain), max: Math.max(...perDomain), mean: Number((first.connections / DOMAINS).toFixed(2)) },
  maxConcurrentSessionsOnOneMx: maxConcurrent,
  rcptCommands: first.rcpts,
  dataCommands: first.dataCommands,
  repeatRun: {
    seconds: Number(repeatSeconds.toFixed(3)),
    cacheHitRatio: Number((repeat.cacheHits / (repeat.cacheHits + repeat.cacheMisses)).toFixed(3)),
    smtpSessions: smtp.stats().connections,
  },
};
console.log(JSON.stringify(figures, null, 2));
await smtp.close();
await dns.close();
