/**
 * SSRF-safe HTTP(S) fetching for everything the server downloads on a user's behalf (domain-search
 * crawls, the technology checker, later enrichment):
 * - http and https only, no credentials in the URL;
 * - the host name is resolved once (through DNS_SERVERS when set) and every answer must pass the
 *   address policy; the socket then connects to that vetted address through a fixed `lookup`, so
 *   a second resolution (DNS rebinding) can never swap in another address;
 * - redirects are followed by hand, each hop checked again from the start;
 * - bounded: overall time, body size after decompression, redirect count.
 */
import { Resolver } from 'node:dns/promises';
import dns from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import zlib from 'node:zlib';
import { AddressPolicy } from './address-policy';

export interface WebFetchConfig {
  dnsServers: readonly string[];
  allowPrivate: readonly string[];
  httpPort?: number | undefined;
  httpsPort?: number | undefined;
  timeoutMs: number;
  maxBytes: number;
}

export const MAX_REDIRECTS = 5;
export const USER_AGENT = 'LeadforgeBot/1.0 (+https://leadforge.local/bot)';

/** Why a URL was refused before any byte left the server. */
export type RefusalReason = 'protocol' | 'credentials' | 'host' | 'dns' | 'address' | 'redirect_loop';

export class UrlNotAllowedError extends Error {
  constructor(
    public readonly url: string,
    public readonly reason: RefusalReason,
    public readonly detail?: string,
  ) {
    super(`URL not allowed (${reason}${detail ? `: ${detail}` : ''}): ${url}`);
    this.name = 'UrlNotAllowedError';
  }
}

/** The site could not be read (connection refused, timeout, TLS failure, …). */
export class FetchFailedError extends Error {
  constructor(
    public readonly url: string,
    public readonly reason: 'timeout' | 'network' | 'too_many_redirects' | 'aborted',
    detail?: string,
  ) {
    super(`Fetch failed (${reason}${detail ? `: ${detail}` : ''}): ${url}`);
    this.name = 'FetchFailedError';
  }
}

export interface FetchedPage {
  url: string;
  /** After redirects. */
  finalUrl: string;
  status: number;
  headers: Record<string, string>;
  setCookies: string[];
  contentType: string;
  body: string;
  /** The body was cut at the size cap. */
  truncated: boolean;
}

export interface FetchOptions {
  signal?: AbortSignal | undefined;
  accept?: string;
  /** Overrides the configured size cap (smaller for robots.txt). */
  maxBytes?: number;
}

interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
  port: number;
}

export class WebFetcher {
  private readonly policy: AddressPolicy;
  private readonly resolver: Resolver | null;

  constructor(private readonly config: WebFetchConfig) {
    this.policy = new AddressPolicy(config.allowPrivate);
    if (config.dnsServers.length > 0) {
      this.resolver = new Resolver({ timeout: Math.min(config.timeoutMs, 5_000), tries: 2 });
      this.resolver.setServers([...config.dnsServers]);
    } else {
      this.resolver = null;
    }
  }

  /** Parses and checks a URL without connecting: protocol, credentials, address of the host. */
  async check(rawUrl: string): Promise<ResolvedTarget> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new UrlNotAllowedError(rawUrl, 'host', 'unparseable');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UrlNotAllowedError(rawUrl, 'protocol', url.protocol);
    if (url.username || url.password) throw new UrlNotAllowedError(rawUrl, 'credentials');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!host) throw new UrlNotAllowedError(rawUrl, 'host');
    const addresses = net.isIP(host) ? [host] : await this.resolve(host, rawUrl);
    // Every answer must pass: a name with one public and one private address is refused, so the
    // choice of address can never be steered towards the private one.
    for (const address of addresses) {
      const refusal = this.policy.refusal(address);
      if (refusal) throw new UrlNotAllowedError(rawUrl, 'address', `${address} is ${refusal}`);
    }
    const address = addresses[0]!;
    const defaultPort = url.protocol === 'http:' ? (this.config.httpPort ?? 80) : (this.config.httpsPort ?? 443);
    return { url, address, family: net.isIP(address) === 6 ? 6 : 4, port: url.port ? Number(url.port) : defaultPort };
  }

  private async resolve(host: string, rawUrl: string): Promise<string[]> {
    try {
      if (this.resolver) {
        const [v4, v6] = await Promise.allSettled([this.resolver.resolve4(host), this.resolver.resolve6(host)]);
        const found = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
        if (found.length === 0) throw new Error('no A/AAAA records');
        return found;
      }
      const found = await dns.promises.lookup(host, { all: true, verbatim: true });
      if (found.length === 0) throw new Error('no addresses');
      return found.map((entry) => entry.address);
    } catch (error) {
      throw new UrlNotAllowedError(rawUrl, 'dns', (error as Error).message);
    }
  }

  /** GET with redirects followed (each hop re-checked). */
  async fetch(rawUrl: string, options: FetchOptions = {}): Promise<FetchedPage> {
    const deadline = AbortSignal.timeout(this.config.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    let current = rawUrl;
    const seen = new Set<string>();
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (seen.has(current)) throw new UrlNotAllowedError(rawUrl, 'redirect_loop');
      seen.add(current);
      const target = await this.check(current);
      const response = await this.request(target, options, signal);
      const location = response.headers.location;
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume();
        current = new URL(location, target.url).toString();
        continue;
      }
      const { body, truncated } = await readBody(response, options.maxBytes ?? this.config.maxBytes, signal, current);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined && name !== 'set-cookie') headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const contentType = headers['content-type'] ?? '';
      return {
        url: rawUrl,
        finalUrl: current,
        status: response.statusCode ?? 0,
        headers,
        setCookies: response.headers['set-cookie'] ?? [],
        contentType,
        body: decode(body, contentType),
        truncated,
      };
    }
    throw new FetchFailedError(rawUrl, 'too_many_redirects');
  }

  private request(target: ResolvedTarget, options: FetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
    const { url, address, family, port } = target;
    const transport = url.protocol === 'https:' ? https : http;
    // The vetted address is handed to the socket for every lookup it makes (no second resolution).
    const lookup = (_host: string, lookupOptions: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
      if (lookupOptions?.all) callback(null, [{ address, family }]);
      else callback(null, address, family);
    };
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(abortError(url.toString(), signal));
        return;
      }
      const request = transport.request(
        {
          protocol: url.protocol,
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          lookup: lookup as unknown as typeof dns.lookup,
          headers: {
            host: url.host,
            'user-agent': USER_AGENT,
            accept: options.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
            'accept-encoding': 'gzip, deflate, br',
            'accept-language': 'en;q=0.9,*;q=0.5',
          },
          signal,
          // TLS certificates are checked against the host name as usual (servername defaults to it).
        },
        resolve,
      );
      request.on('error', (error) => {
        reject(signal.aborted ? abortError(url.toString(), signal) : new FetchFailedError(url.toString(), 'network', error.message));
      });
      request.end();
    });
  }
}

function abortError(url: string, signal: AbortSignal): FetchFailedError {
  const reason = signal.reason as { name?: string } | undefined;
  return new FetchFailedError(url, reason?.name === 'TimeoutError' ? 'timeout' : 'aborted');
}

async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  url: string,
): Promise<{ body: Buffer; truncated: boolean }> {
  const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
  let stream: NodeJS.ReadableStream = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
  else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    // The cap counts decompressed bytes, so a small compressed bomb cannot fill the memory.
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (signal.aborted) throw abortError(url, signal);
      const room = maxBytes - size;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if (error instanceof FetchFailedError) throw error;
    if (signal.aborted) throw abortError(url, signal);
    throw new FetchFailedError(url, 'network', (error as Error).message);
  } finally {
    response.destroy();
  }
  return { body: Buffer.concat(chunks), truncated };
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1]?.toLowerCase() ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The fetcher as configured for this process. */
export function createWebFetcher(config: {
  dnsServers: string[];
  fetch: { allowPrivate: string[]; httpPort: number | undefined; httpsPort: number | undefined; timeoutMs: number; maxBytes: number };
}): WebFetcher {
  return new WebFetcher({
    dnsServers: config.dnsServers,
    allowPrivate: config.fetch.allowPrivate,
    httpPort: config.fetch.httpPort,
    httpsPort: config.fetch.httpsPort,
    timeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
  });
}
