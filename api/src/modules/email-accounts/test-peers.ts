/**
 * Loopback peers of the email-accounts tests: a DNS server (dns2) answering A, CNAME and TXT
 * records from a table, and an SMTP submission server (smtp-server) that checks user names and
 * passwords, as a provider's does. The IMAP side is Dovecot (test-support/imap-peer.ts).
 */
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import { SMTPServer } from 'smtp-server';

export interface MailDnsRecord {
  a?: string[];
  cname?: string;
  /** Whole TXT record values; each is sent as strings of at most 255 octets, as DNS hosts publish long DKIM keys. */
  txt?: string[];
}

/** RFC 1035 §3.3.14: a TXT record is a sequence of character-strings of up to 255 octets. */
const characterStrings = (value: string) => value.match(/[\s\S]{1,255}/g) ?? [''];

export interface MailDns {
  /** For DNS_SERVERS. */
  servers: string[];
  set(name: string, record: MailDnsRecord): void;
  close(): Promise<void>;
}

/** A, CNAME and TXT answers from `records`; a name not in the table is NXDOMAIN, a type it lacks is an empty answer. */
export async function startMailDns(records: Record<string, MailDnsRecord>): Promise<MailDns> {
  const table = new Map(Object.entries(records).map(([name, record]) => [name.toLowerCase(), record]));
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const record = table.get(name);
      if (!question || !record) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      } else if (question.type === Packet.TYPE.CNAME && record.cname) {
        response.answers.push({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: record.cname } as unknown as dns2.Packet.Resource);
      } else if (question.type === Packet.TYPE.TXT) {
        for (const value of record.txt ?? []) {
          response.answers.push({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data: characterStrings(value) } as unknown as dns2.Packet.Resource);
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
  return {
    servers: [`127.0.0.1:${addresses.udp!.port}`],
    set: (name, record) => table.set(name.toLowerCase(), record),
    close: () => server.close(),
  };
}

export interface SubmittedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSubmissionPeer {
  port: number;
  /** Sign-ins tried, with whether they were accepted (never the passwords). */
  logins: { user: string; accepted: boolean }[];
  /** Every message submitted, accepted or refused, in arrival order. */
  received: SubmittedMail[];
  /**
   * Refuses a message after its body when it answers `{code, message}` (an address that does not
   * exist: 550 5.1.1); accepted otherwise.
   */
  refuse?: (mail: SubmittedMail) => { code: number; message: string } | undefined;
  /**
   * Files an accepted message (into the recipients' mailboxes, as a provider does) before the
   * server answers 250; a failure answers 451, try again later.
   */
  deliver?: (mail: SubmittedMail) => Promise<void>;
  close(): Promise<void>;
}

/** An SMTP server without TLS that accepts AUTH PLAIN/LOGIN only for the given user → password pairs. */
export async function startSmtpSubmissionPeer(users: Record<string, string>): Promise<SmtpSubmissionPeer> {
  const logins: SmtpSubmissionPeer['logins'] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      const accepted = auth.username !== undefined && users[auth.username] === auth.password;
      logins.push({ user: auth.username ?? '', accepted });
      if (accepted) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: SubmittedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        peer.received.push(mail);
        const refusal = peer.refuse?.(mail);
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        void Promise.resolve(peer.deliver?.(mail)).then(
          () => callback(),
          (error: unknown) => callback(Object.assign(new Error(`4.3.0 Not filed: ${String(error)}`), { responseCode: 451 })),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: SmtpSubmissionPeer = {
    port: (server.server.address() as AddressInfo).port,
    logins,
    received: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return peer;
}
