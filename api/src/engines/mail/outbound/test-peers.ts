/**
 * A scripted SMTP peer on loopback for the outbound tests: each step of the dialogue answers a
 * set reply, drops the connection or never answers. Raw sockets rather than smtp-server because
 * the faults that matter (a drop after the final dot, a silence at MAIL FROM) are exactly what a
 * well-behaved server library does not let a test produce.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type PeerAction = { reply: string } | 'drop' | 'hang';

export interface PeerScript {
  greeting?: PeerAction;
  ehlo?: PeerAction;
  auth?: PeerAction;
  mail?: PeerAction;
  rcpt?: PeerAction;
  data?: PeerAction;
  /** The answer to the body, after the final dot. */
  body?: PeerAction;
}

export interface ScriptedPeer {
  port: number;
  /** Raw messages received (between DATA and the final dot). */
  messages: string[];
  close(): Promise<void>;
}

const DEFAULTS: Required<PeerScript> = {
  greeting: { reply: '220 peer.test ESMTP' },
  ehlo: { reply: '250-peer.test\r\n250-AUTH PLAIN\r\n250 ENHANCEDSTATUSCODES' },
  auth: { reply: '235 2.7.0 Authentication successful' },
  mail: { reply: '250 2.1.0 Ok' },
  rcpt: { reply: '250 2.1.5 Ok' },
  data: { reply: '354 End data with <CR><LF>.<CR><LF>' },
  body: { reply: '250 2.0.0 Ok: queued as 4Fx9Yb0zQ2z1' },
};

export async function startScriptedPeer(script: PeerScript): Promise<ScriptedPeer> {
  const steps = { ...DEFAULTS, ...script };
  const messages: string[] = [];
  const sockets = new Set<Socket>();

  const act = (socket: Socket, action: PeerAction): boolean => {
    if (action === 'drop') {
      socket.destroy();
      return false;
    }
    if (action === 'hang') return false;
    // 421 is the server closing the channel (RFC 5321 §3.8).
    if (action.reply.startsWith('421')) {
      socket.end(`${action.reply}\r\n`);
      return false;
    }
    socket.write(`${action.reply}\r\n`);
    return true;
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (!act(socket, steps.greeting)) return;
    let buffer = '';
    let inData = false;
    let body = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          body += buffer.slice(0, end + 2);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(body);
          body = '';
          if (!act(socket, steps.body)) return;
          continue;
        }
        const index = buffer.indexOf('\r\n');
        if (index < 0) return;
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        const verb = line.split(' ')[0]?.toUpperCase() ?? '';
        let action: PeerAction;
        if (verb === 'EHLO' || verb === 'HELO') action = steps.ehlo;
        else if (verb === 'AUTH') action = steps.auth;
        else if (verb === 'MAIL') action = steps.mail;
        else if (verb === 'RCPT') action = steps.rcpt;
        else if (verb === 'DATA') {
          action = steps.data;
          if (action !== 'drop' && action !== 'hang' && action.reply.startsWith('354')) inData = true;
        } else if (verb === 'QUIT') {
          socket.end('221 2.0.0 Bye\r\n');
          return;
        } else if (verb === 'RSET' || verb === 'NOOP') action = { reply: '250 2.0.0 Ok' };
        else action = { reply: '502 5.5.2 Command not recognized' };
        if (!act(socket, action)) return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
