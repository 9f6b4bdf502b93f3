/**
 * Loopback peers for the verification engine's tests, the finder's tests, the e2e server and the
 * bench: a real DNS server (dns2, UDP) serving MX/A records, and real SMTP servers (smtp-server)
 * scripted per recipient. Each MX name resolves to its own 127.x.y.z address and every scripted
 * server listens on the same port there, because the engine, like a real MTA, dials one port
 * (VERIFY_SMTP_PORT) on whatever address the MX resolves to.
 */
import { createServer as createNetServer } from 'node:net';
import dns2 from 'dns2';
import { DEFAULT_DNS_CANARY } from './dns';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

// ------------------------------------------------------------------ DNS

export interface ZoneRecord {
  mx?: { exchange: string; priority: number }[];
  a?: string[];
  /** A CNAME target (a mailbox's tracking domain naming the app's host). */
  cname?: string;
  /** Whole TXT values (SPF, DKIM, DMARC); each goes out as character-strings of at most 255 octets. */
  txt?: string[];
  /** PTR targets, for a reverse name such as `5.113.0.203.in-addr.arpa`. */
  ptr?: string[];
}

/**
 * How the server answers every question: `zone` (normal), `nxdomain` (a broken resolver that says
 * nothing exists, not even gmail.com), `servfail` (RCODE 2).
 */
export type DnsMode = 'zone' | 'nxdomain' | 'servfail';

export interface LoopbackDnsOptions {
  /** Serve the engine's default canary name (as every real resolver does); default true. */
  canary?: boolean;
  mode?: DnsMode;
}

export interface LoopbackDns {
  /** For DNS_SERVERS / the engine's dnsServers. */
  servers: string[];
  port: number;
  set(name: string, record: ZoneRecord): void;
  remove(name: string): void;
  setMode(mode: DnsMode): void;
  /** Queries answered so far (the bench checks that repeats are cached). */
  queries(): number;
  close(): Promise<void>;
}

const { Packet } = dns2;

export async function startLoopbackDns(zone: Record<string, ZoneRecord> = {}, options: LoopbackDnsOptions = {}): Promise<LoopbackDns> {
  const records = new Map(Object.entries(zone).map(([name, record]) => [name.toLowerCase(), record]));
  // A documentation address: the canary only has to resolve, nothing connects to it.
  if (options.canary !== false && !records.has(DEFAULT_DNS_CANARY)) records.set(DEFAULT_DNS_CANARY, { a: ['192.0.2.53'] });
  let mode: DnsMode = options.mode ?? 'zone';
  let queries = 0;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      queries += 1;
      const response = Packet.createResponseFromRequest(request);
      const question = request.questions[0];
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const record = records.get(name);
      if (mode === 'servfail') {
        response.header.rcode = 2;
      } else if (!question || !record || mode === 'nxdomain') {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question.type === Packet.TYPE.MX) {
        for (const mx of record.mx ?? []) {
          response.answers.push({ name, type: Packet.TYPE.MX, class: Packet.CLASS.IN, ttl: 60, exchange: mx.exchange, priority: mx.priority } as unknown as dns2.Packet.Resource);
        }
      } else if (question.type === Packet.TYPE.CNAME && record.cname) {
        response.answers.push({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: record.cname } as unknown as dns2.Packet.Resource);
      } else if (question.type === Packet.TYPE.TXT) {
        for (const value of record.txt ?? []) {
          const strings = value.match(/[\s\S]{1,255}/g) ?? [''];
          response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: strings } as unknown as dns2.Packet.Resource);
        }
      } else if (question.type === Packet.TYPE.PTR) {
        for (const domain of record.ptr ?? []) {
          response.answers.push({ name, type: Packet.TYPE.PTR, class: Packet.CLASS.IN, ttl: 60, domain } as unknown as dns2.Packet.Resource);
        }
      } else if (question.type === Packet.TYPE.A) {
        for (const address of record.a ?? []) {
          response.answers.push({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 60, address } as unknown as dns2.Packet.Resource);
        }
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp!.port;
  return {
    servers: [`127.0.0.1:${port}`],
    port,
    set: (name, record) => records.set(name.toLowerCase(), record),
    remove: (name) => records.delete(name.toLowerCase()),
    setMode: (next) => {
      mode = next;
    },
    queries: () => queries,
    close: () => server.close(),
  };
}

// ------------------------------------------------------------------ SMTP

/**
 * What a scripted server does with one RCPT TO:
 * accept; reject (550 5.1.1); disabled (550 5.2.1); full (552 5.2.2); greylist (450 4.2.0 on the
 * first try of an address, accept afterwards); milter-greylist (milter-greylist's own words,
 * "451 4.7.1 Greylisting in action, please come back later", first try only); policy (550 5.7.1);
 * timeout (never answers); drop (closes the connection).
 */
export type RcptBehaviour = 'accept' | 'reject' | 'disabled' | 'full' | 'greylist' | 'milter-greylist' | 'policy' | 'timeout' | 'drop';

export interface SmtpScriptContext {
  /** The recipient address (lower case). */
  recipient: string;
  /** The loopback address the client dialled (which MX it thinks it talks to). */
  localAddress: string;
}

export interface ScriptedSmtpOptions {
  /** Loopback addresses to listen on (one server each, same port). */
  hosts: string[];
  /** Port to listen on; default a free one. */
  port?: number;
  script: (context: SmtpScriptContext) => RcptBehaviour;
  /** Delay before each reply to the greeting, MAIL FROM and RCPT TO: [min, max] ms. */
  latencyMs?: [number, number];
  /** Greeting delay beyond which clients time out (a tarpit); default none. */
  greetingDelayMs?: number;
  /** Announce SMTPUTF8 in the EHLO answer (RFC 6531); default true, as smtp-server does. */
  smtpUtf8?: boolean;
}

export interface ScriptedSmtpStats {
  connections: number;
  connectionsByHost: Record<string, number>;
  maxConcurrentByHost: Record<string, number>;
  rcpts: number;
  /** Must stay 0: a probe never starts a message. */
  dataCommands: number;
  mailFromAddresses: string[];
  heloNames: string[];
}

export interface ScriptedSmtp {
  port: number;
  hosts: string[];
  stats(): ScriptedSmtpStats;
  resetStats(): void;
  close(): Promise<void>;
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function emptyStats(): ScriptedSmtpStats {
  return { connections: 0, connectionsByHost: {}, maxConcurrentByHost: {}, rcpts: 0, dataCommands: 0, mailFromAddresses: [], heloNames: [] };
}

function smtpError(code: number, text: string): Error & { responseCode: number } {
  return Object.assign(new Error(text), { responseCode: code });
}

export async function startScriptedSmtp(options: ScriptedSmtpOptions): Promise<ScriptedSmtp> {
  let stats = emptyStats();
  const active = new Map<string, number>();
  const greylisted = new Set<string>();
  const servers: SMTPServer[] = [];
  const [minLatency, maxLatency] = options.latencyMs ?? [0, 0];
  const delay = () => {
    const ms = minLatency + Math.random() * (maxLatency - minLatency);
    return ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
  };
  const hostOf = (session: SMTPServerSession) => session.localAddress.replace(/^::ffff:/, '');

  const makeServer = (): SMTPServer => {
    const server: SMTPServer = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      // The script writes enhanced codes itself (5.7.1 on a 550 must not become 5.1.1).
      hideENHANCEDSTATUSCODES: true,
      hideSMTPUTF8: options.smtpUtf8 === false,
      logger: false,
      banner: 'loopback probe peer',
      onConnect(session, callback) {
        const host = hostOf(session);
        stats.connections += 1;
        stats.connectionsByHost[host] = (stats.connectionsByHost[host] ?? 0) + 1;
        const now = (active.get(host) ?? 0) + 1;
        active.set(host, now);
        stats.maxConcurrentByHost[host] = Math.max(stats.maxConcurrentByHost[host] ?? 0, now);
        const wait = options.greetingDelayMs ? new Promise<void>((resolve) => setTimeout(resolve, options.greetingDelayMs)) : delay();
        void wait.then(() => callback());
      },
      onClose(session) {
        const host = hostOf(session);
        active.set(host, Math.max(0, (active.get(host) ?? 1) - 1));
      },
      onMailFrom(address, session, callback) {
        stats.mailFromAddresses.push(address.address);
        if (session.hostNameAppearsAs) stats.heloNames.push(session.hostNameAppearsAs);
        void delay().then(() => callback());
      },
      onRcptTo(address, session, callback) {
        stats.rcpts += 1;
        const recipient = address.address.toLowerCase();
        const behaviour = options.script({ recipient, localAddress: hostOf(session) });
        void delay().then(() => {
          switch (behaviour) {
            case 'accept':
              return callback();
            case 'reject':
              return callback(smtpError(550, '5.1.1 The email account that you tried to reach does not exist'));
            case 'disabled':
              return callback(smtpError(550, '5.2.1 The email account that you tried to reach is disabled'));
            case 'full':
              return callback(smtpError(552, '5.2.2 Mailbox full'));
            case 'policy':
              return callback(smtpError(550, '5.7.1 Service unavailable, client host blocked using a blocklist'));
            case 'greylist':
              if (greylisted.has(recipient)) return callback();
              greylisted.add(recipient);
              return callback(smtpError(450, '4.2.0 Greylisted, please try again later'));
            case 'milter-greylist':
              if (greylisted.has(recipient)) return callback();
              greylisted.add(recipient);
              return callback(smtpError(451, '4.7.1 Greylisting in action, please come back later'));
            case 'timeout':
              return undefined;
            case 'drop': {
              for (const connection of (server as unknown as { connections: Set<{ id: string; _socket: { destroy(): void } }> }).connections) {
                if (connection.id === session.id) connection._socket.destroy();
              }
              return undefined;
            }
          }
        });
      },
      onData(stream, _session, callback) {
        stats.dataCommands += 1;
        stream.resume();
        stream.on('end', () => callback(smtpError(554, '5.6.0 probes only')));
      },
    });
    server.on('error', () => undefined);
    return server;
  };

  const port = options.port ?? (await freePort(options.hosts[0] ?? '127.0.0.1'));
  for (const host of options.hosts) {
    const server = makeServer();
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    servers.push(server);
  }
  return {
    port,
    hosts: options.hosts,
    stats: () => structuredClone(stats),
    resetStats: () => {
      stats = emptyStats();
    },
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              // Sessions left hanging by the timeout script would hold close() for its grace period.
              for (const connection of (server as unknown as { connections: Set<{ _socket: { destroy(): void } }> }).connections) {
                connection._socket.destroy();
              }
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
