/**
 * Real peers on loopback for the web-fetch, crawler, technology-checker and finder tests: a DNS
 * server (dns2) answering A records from a table, and a small company website (node:http) with
 * people pages, a robots.txt that disallows a path, and markers of known technologies.
 * The site listens on 127.0.0.2 so tests can allow exactly that address (FETCH_ALLOW_PRIVATE)
 * while 127.0.0.1 stays refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

export const SITE_ADDRESS = '127.0.0.2';

export interface TestDns {
  /** `127.0.0.1:port`, the DNS_SERVERS value. */
  server: string;
  close(): Promise<void>;
}

/** Answers A queries from `records` (name → IPv4); every other name is NXDOMAIN. */
export async function startTestDns(records: Record<string, string>): Promise<TestDns> {
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const address = records[name];
      if (question && address && question.type === Packet.TYPE.A) {
        response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 60, address }));
      } else if (!address) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return {
    server: `127.0.0.1:${addresses.udp!.port}`,
    close: () => server.close(),
  };
}

export interface TestSite {
  port: number;
  /** `http://127.0.0.2:port`. */
  origin: string;
  /** Paths requested so far (to prove robots.txt was obeyed). */
  requested: string[];
  close(): Promise<void>;
}

const PAGES: Record<string, string> = {
  '/': `<!doctype html><html><head>
<title>Acme Rockets | Rockets for everyone</title>
<meta name="description" content="Acme Rockets builds reusable rockets for small teams.">
<meta property="og:site_name" content="Acme Rockets">
<meta name="generator" content="WordPress 6.4.2">
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/wp-content/themes/acme/style.css">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
<script src="https://cdnjs.cloudflare.com/ajax/libs/react/18.2.0/umd/react.production.min.js"></script>
</head><body>
<div id="root" data-reactroot=""></div>
<nav><a href="/about">About</a> <a href="/team">Team</a> <a href="/contact">Contact</a> <a href="/private/hidden">Hidden</a>
<a href="https://elsewhere.example/page">Elsewhere</a></nav>
<footer>
<a href="https://www.linkedin.com/company/acme-rockets">LinkedIn</a>
<a href="https://twitter.com/acmerockets">Twitter</a>
<a href="mailto:info@acme.test">info@acme.test</a>
</footer></body></html>`,
  '/about': `<html><head><title>About Acme</title></head><body><h1>About</h1>
<p>Founded in 2020. Press: <a href="mailto:press@acme.test">press@acme.test</a>.</p>
<a href="/team/leadership">Leadership</a></body></html>`,
  '/team': `<html><head><title>Team</title></head><body>
<div class="person"><h3>Jane Doe</h3><p class="title">Chief Executive Officer</p><a href="mailto:jane.doe@acme.test">Email Jane</a></div>
<div class="person"><h3>John Smith</h3><p class="title">Head of Sales</p><a href="mailto:john.smith@acme.test">Email John</a></div>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Person","name":"Ada Lovelace","jobTitle":"CTO","email":"mailto:ada.lovelace@acme.test"}</script>
</body></html>`,
  '/team/leadership': `<html><body><div class="card"><strong>Maria Garcia</strong><span class="role">VP Marketing</span>
<span>maria.garcia@acme.test</span></div><p>Partner: someone@other.example</p></body></html>`,
  '/contact': `<html><body><p>Write to sales [at] acme.test or <a href="mailto:support@acme.test?subject=Hi">support</a>.</p></body></html>`,
  '/private/hidden': `<html><body><a href="mailto:secret.person@acme.test">secret</a></body></html>`,
};

/**
 * The company website. `redirects` adds paths answering 302 to a location (for the redirect-to-
 * private-address test); `/big` streams more than any cap.
 */
export async function startTestSite(options: { redirects?: Record<string, string>; robots?: string } = {}): Promise<TestSite> {
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requested.push(path);
    const redirect = options.redirects?.[path];
    if (redirect) {
      response.writeHead(302, { location: redirect });
      response.end();
      return;
    }
    if (path === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(options.robots ?? 'User-agent: *\nDisallow: /private/\n');
      return;
    }
    // Never answers: the fetcher's time cap must end the wait.
    if (path === '/slow') return;
    if (path === '/big') {
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const write = () => {
        while (sent < 100 && response.write(chunk)) sent += 1;
        if (sent >= 100) response.end();
        else response.once('drain', write);
      };
      write();
      response.on('close', () => {
        sent = 100;
      });
      return;
    }
    const page = PAGES[path];
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<html><body>Not found</body></html>');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'x-powered-by': 'PHP/8.2.1',
      server: 'nginx/1.24.0',
      'set-cookie': ['wordpress_test_cookie=WP+Cookie+check; path=/'],
    });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, SITE_ADDRESS, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://${SITE_ADDRESS}:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
