/**
 * What the request log may say about a URL. Reset tokens, team join codes, clear-email keys and
 * OAuth codes travel in addresses (mailed links, provider callbacks), and a log is read by more
 * people than those secrets are meant for: the one request serializer below replaces them with
 * `[redacted]` before any line is written.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose name says they carry a credential (token, code, key, password, secret, state, link). */
const SECRET_PARAM = /token|code|key|pass|secret|state|link|signature|auth/i;

/**
 * Addresses whose path segments are secrets: the client routes of mailed links and their API
 * twins (optionally behind /back). `prefix` is kept, the rest of the path is redacted.
 */
const SECRET_PATHS: readonly RegExp[] = [
  /^((?:\/back)?\/team\/check-code\/)[^?]+/,
  /^((?:\/back)?\/clear-email\/)(?!prepare(?:[/?]|$)|remove(?:[/?]|$))[^?]+/,
  /^((?:\/back)?\/(?:register\/confirm|adminAuth|forgot\/reset)\/)[^?]+/,
];

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : url.slice(queryAt + 1);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (query === undefined) return path;
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is judged as written.
      }
      return equals !== -1 && SECRET_PARAM.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}

/** Fastify's default request serializer with the URL redacted (and never the headers: cookies). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
