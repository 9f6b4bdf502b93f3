/**
 * Open and click tracking, honest about machines.
 *
 * Links carry only an opaque random id; the server looks the id up and redirects to the target it
 * stored. Nothing in the URL names the target, so a tracking link can never be turned into an open
 * redirect, and an unknown id is simply a 404.
 *
 * Not every open or click is a person. Apple Mail Privacy Protection and webmail image proxies
 * fetch the pixel for (or ahead of) the reader; security gateways follow every link of a message
 * as it arrives. Those events are still recorded, but classified `machine` with the reason, and
 * left out of unique opens/clicks and of campaign triggers.
 *
 * HTML is never parsed with regular expressions: links and the body end are found with cheerio
 * (parse5) and its source locations, and only those spans are rewritten, so the rest of the
 * author's HTML goes out byte for byte as written.
 */
import { randomBytes } from 'node:crypto';
import { load } from 'cheerio';
import ipaddr from 'ipaddr.js';

/** 18 random bytes: 144 bits, 24 URL-safe characters. */
export const TRACKING_ID_BYTES = 18;
const TRACKING_ID = /^[A-Za-z0-9_-]{24}$/;

/** Paths the API serves the pixel and the click redirect on, under the tracking origin. */
export const TRACKING_PATHS = { open: '/t/o/', click: '/t/c/' } as const;

export function createTrackingId(): string {
  return randomBytes(TRACKING_ID_BYTES).toString('base64url');
}

/** Whether a path segment can be a tracking id at all (checked before any lookup). */
export function isTrackingId(value: unknown): value is string {
  return typeof value === 'string' && TRACKING_ID.test(value);
}

/**
 * The pixel or click URL of an id on a tracking origin (PUBLIC_URL or the account's tracking
 * domain). A path prefix on the origin (https://example.com/app) is kept.
 */
export function trackingUrl(origin: string, kind: keyof typeof TRACKING_PATHS, id: string): string {
  if (!isTrackingId(id)) throw new RangeError('not a tracking id');
  const base = new URL(origin);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new RangeError('the tracking origin must be http(s)');
  if (base.search !== '' || base.hash !== '' || base.username !== '' || base.password !== '') {
    throw new RangeError('the tracking origin must be a plain origin, optionally with a path');
  }
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}${TRACKING_PATHS[kind]}${id}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface TrackedLink {
  id: string;
  /** The target the click redirect resolves to (the normalised absolute URL). */
  url: string;
}

export interface RewriteLinksOptions {
  /** The click URL of an id, e.g. `(id) => trackingUrl(origin, 'click', id)`. */
  clickUrl: (id: string) => string;
  /** Links left as they are, given the target: the unsubscribe link, the tracking origin itself. */
  keep?: (url: string) => boolean;
}

interface Replacement {
  start: number;
  end: number;
  text: string;
}

function applyReplacements(html: string, replacements: Replacement[]): string {
  let result = html;
  for (const { start, end, text } of [...replacements].sort((a, b) => b.start - a.start)) {
    result = `${result.slice(0, start)}${text}${result.slice(end)}`;
  }
  return result;
}

interface SourceSpan {
  startOffset: number;
  endOffset: number;
}

/**
 * parse5 records where each attribute sits (`attrs` of the element location), but domhandler's
 * type for the location leaves that field out; read it as parse5 documents it.
 */
function attributeLocation(location: unknown, name: string): SourceSpan | null {
  const attrs = (location as { attrs?: Record<string, SourceSpan | undefined> } | null | undefined)?.attrs;
  return attrs?.[name] ?? null;
}

/** The absolute http(s) URL an href names, or null (mailto:, tel:, #anchors, relative links, template placeholders). */
function httpTarget(href: string): string | null {
  const trimmed = href.trim();
  if (!/^https?:/i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    return url.hostname === '' ? null : url.href;
  } catch {
    return null;
  }
}

/**
 * Wraps every http(s) link of an HTML body (`<a href>` and `<area href>`) in a click redirect.
 * `makeId` is called once per wrapped link with its target (the caller stores the pair); links
 * the `keep` option names — the unsubscribe link above all — are left untouched.
 */
export function rewriteLinks(
  html: string,
  makeId: (url: string) => string,
  options: RewriteLinksOptions,
): { html: string; links: TrackedLink[] } {
  const $ = load(html, { sourceCodeLocationInfo: true });
  const replacements: Replacement[] = [];
  const links: TrackedLink[] = [];
  $('a[href], area[href]').each((_, element) => {
    const target = httpTarget(element.attribs.href ?? '');
    if (target === null || options.keep?.(target)) return;
    const location = attributeLocation(element.sourceCodeLocation, 'href');
    if (!location) return;
    const id = makeId(target);
    if (!isTrackingId(id)) throw new RangeError('makeId must return a tracking id (createTrackingId)');
    links.push({ id, url: target });
    replacements.push({
      start: location.startOffset,
      end: location.endOffset,
      text: `href="${escapeAttribute(options.clickUrl(id))}"`,
    });
  });
  return { html: applyReplacements(html, replacements), links };
}

/** The 1×1 open pixel. Not `display:none`: some clients skip loading hidden images. */
export function openPixel(url: string): string {
  return `<img src="${escapeAttribute(url)}" width="1" height="1" alt="" border="0" style="width:1px;height:1px;border:0;margin:0;padding:0" />`;
}

/** Puts the open pixel just before `</body>` (or `</html>`, or at the end when the HTML has neither). */
export function insertOpenPixel(html: string, url: string): string {
  const $ = load(html, { sourceCodeLocationInfo: true });
  const pixel = openPixel(url);
  const endTag = $('body')[0]?.sourceCodeLocation?.endTag ?? $('html')[0]?.sourceCodeLocation?.endTag;
  if (!endTag) return `${html}${pixel}`;
  return applyReplacements(html, [{ start: endTag.startOffset, end: endTag.startOffset, text: pixel }]);
}

// ─── Machine or human ─────────────────────────────────────────────────────────────────────────

/** Opens this soon after sending are a machine: no person reads a message in under a minute of it leaving. */
export const OPEN_MIN_DELAY_MS = 60_000;
/** Clicks this soon after delivery are a gateway following links as the message arrives. */
export const CLICK_MIN_DELAY_MS = 10_000;

export type MachineReason =
  | 'apple_privacy_protection'
  | 'image_proxy'
  | 'security_scanner'
  | 'bot_user_agent'
  | 'missing_user_agent'
  | 'head_request'
  | 'too_soon_after_send'
  | 'too_soon_after_delivery';

export type EngagementClass =
  { kind: 'human'; reason: null; detail: null } | { kind: 'machine'; reason: MachineReason; detail: string };

interface NamedPattern {
  name: string;
  pattern: RegExp;
}

/**
 * Apple's network (AS714): Apple owns 17.0.0.0/8 and Mail Privacy Protection's own fetches come
 * from it. MPP also loads through the iCloud Private Relay egress network, whose ranges Apple
 * publishes at https://mask-api.icloud.com/egress-ip-ranges.csv (hundreds of thousands of rows,
 * updated often): load that file into `appleRanges` (MachineSignals) rather than copying it here.
 */
export const APPLE_NETWORK_RANGES: readonly string[] = ['17.0.0.0/8'];

/**
 * MPP's prefetch sends the bare user agent "Mozilla/5.0"; Apple Mail itself sends a WebKit agent
 * without a Safari/Version token (the Safari browser always has one). From Apple's ranges, Mail's
 * agent is an MPP proxy load, not the reader's device.
 */
const MPP_PREFETCH_AGENT = /^Mozilla\/5\.0$/;
const APPLE_MAIL_AGENT =
  /^Mozilla\/5\.0 \((?:Macintosh|iPhone|iPad)[^)]*\) AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)(?: Mobile\/\w+)?$/;

/**
 * Webmail image proxies: they fetch the pixel on the reader's behalf (Gmail also caches and may
 * prefetch), so the request says nothing reliable about a person opening the message.
 * Outlook.com and Microsoft 365 load images from the reader's device (no proxy agent to match);
 * Microsoft's link checks are caught by the scanner rules below.
 */
export const IMAGE_PROXY_AGENTS: readonly NamedPattern[] = [
  { name: 'gmail', pattern: /GoogleImageProxy|via ggpht\.com/i },
  { name: 'yahoo', pattern: /YahooMailProxy/i },
  { name: 'yandex', pattern: /YandexImageResizer/i },
  { name: 'mail.ru', pattern: /Mail\.RU_Bot\/(?:Img|Robots)/i },
];

/** Mail security gateways and link checkers, by the user agents they announce. */
export const SECURITY_SCANNER_AGENTS: readonly NamedPattern[] = [
  { name: 'barracuda', pattern: /Barracuda/i },
  { name: 'proofpoint', pattern: /Proofpoint/i },
  { name: 'mimecast', pattern: /Mimecast/i },
  {
    name: 'microsoft',
    pattern: /SafeLinks|Microsoft Office Existence Discovery|Microsoft-ATP|\bMSAV\b|BingPreview|Microsoft Outlook Link Preview/i,
  },
  { name: 'symantec', pattern: /Symantec|MessageLabs/i },
  { name: 'cisco', pattern: /IronPort|Cisco[ -]?(?:Secure|ESA|Email)/i },
  { name: 'trend micro', pattern: /Trend ?Micro|TMUFE/i },
  { name: 'forcepoint', pattern: /Forcepoint|Websense/i },
  { name: 'sophos', pattern: /Sophos/i },
  { name: 'fireeye', pattern: /FireEye|Trellix/i },
  { name: 'fortinet', pattern: /Fortinet|FortiGuard|FortiMail/i },
  { name: 'mcafee', pattern: /McAfee/i },
  { name: 'zscaler', pattern: /Zscaler/i },
  { name: 'checkpoint', pattern: /Check ?Point/i },
  { name: 'hornetsecurity', pattern: /Hornetsecurity/i },
  { name: 'spamtitan', pattern: /SpamTitan/i },
];

/** Programs rather than browsers: HTTP libraries, crawlers, headless browsers, link previewers. */
const BOT_AGENT =
  /bot\b|crawler|spider|scanner|curl\/|wget\/|python-(?:requests|urllib)|aiohttp|go-http-client|java\/|okhttp|apache-httpclient|libwww|node-fetch|axios\/|undici|headlesschrome|phantomjs|slurp|link ?preview/i;

/** Lists the classifiers read; the defaults above, extended from configuration or a refreshed feed. */
export interface MachineSignals {
  appleRanges: readonly string[];
  /** IP ranges of known link scanners (a gateway the customer names, a published feed). */
  scannerRanges: readonly string[];
}

export const DEFAULT_MACHINE_SIGNALS: MachineSignals = { appleRanges: APPLE_NETWORK_RANGES, scannerRanges: [] };

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const parsedRanges = new WeakMap<readonly string[], Range[]>();

function inRanges(ip: string | null | undefined, ranges: readonly string[]): boolean {
  if (!ip || ranges.length === 0 || !ipaddr.isValid(ip)) return false;
  let parsed = parsedRanges.get(ranges);
  if (!parsed) {
    parsed = ranges.map((range) => ipaddr.parseCIDR(range));
    parsedRanges.set(ranges, parsed);
  }
  // `process` turns IPv4-mapped IPv6 (::ffff:17.1.2.3, as a dual-stack socket reports) into IPv4.
  const address = ipaddr.process(ip);
  return parsed.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}

const HUMAN: EngagementClass = { kind: 'human', reason: null, detail: null };
const machine = (reason: MachineReason, detail: string): EngagementClass => ({ kind: 'machine', reason, detail });

function agentMatch(userAgent: string, list: readonly NamedPattern[]): string | null {
  return list.find(({ pattern }) => pattern.test(userAgent))?.name ?? null;
}

export interface OpenEvent {
  userAgent: string | null | undefined;
  ip: string | null | undefined;
  sentAt: Date;
  at: Date;
}

export function classifyOpen(event: OpenEvent, signals: MachineSignals = DEFAULT_MACHINE_SIGNALS): EngagementClass {
  const userAgent = (event.userAgent ?? '').trim();
  if (MPP_PREFETCH_AGENT.test(userAgent)) return machine('apple_privacy_protection', 'MPP prefetch user agent');
  if (inRanges(event.ip, signals.appleRanges)) {
    return machine(
      'apple_privacy_protection',
      APPLE_MAIL_AGENT.test(userAgent) ? 'Apple Mail from Apple’s network' : 'Apple’s network',
    );
  }
  const proxy = agentMatch(userAgent, IMAGE_PROXY_AGENTS);
  if (proxy) return machine('image_proxy', proxy);
  const scanner = agentMatch(userAgent, SECURITY_SCANNER_AGENTS);
  if (scanner) return machine('security_scanner', scanner);
  if (inRanges(event.ip, signals.scannerRanges)) return machine('security_scanner', 'scanner network');
  if (userAgent === '') return machine('missing_user_agent', 'no user agent');
  if (BOT_AGENT.test(userAgent)) return machine('bot_user_agent', userAgent.slice(0, 80));
  const elapsed = event.at.getTime() - event.sentAt.getTime();
  if (elapsed < OPEN_MIN_DELAY_MS)
    return machine('too_soon_after_send', `${Math.max(0, Math.round(elapsed / 1000))} s after sending`);
  return HUMAN;
}

export interface ClickEvent {
  method: string;
  userAgent: string | null | undefined;
  ip: string | null | undefined;
  /** When the message was accepted by the recipient's server; null when not known. */
  deliveredAt: Date | null;
  at: Date;
}

/**
 * Apple's ranges are not a machine sign for clicks: MPP does not follow links, and a click through
 * iCloud Private Relay is a person browsing with Safari.
 */
export function classifyClick(event: ClickEvent, signals: MachineSignals = DEFAULT_MACHINE_SIGNALS): EngagementClass {
  const method = event.method.toUpperCase();
  if (method === 'HEAD') return machine('head_request', 'HEAD');
  if (method !== 'GET') return machine('head_request', method);
  const userAgent = (event.userAgent ?? '').trim();
  const scanner = agentMatch(userAgent, SECURITY_SCANNER_AGENTS);
  if (scanner) return machine('security_scanner', scanner);
  if (inRanges(event.ip, signals.scannerRanges)) return machine('security_scanner', 'scanner network');
  if (userAgent === '') return machine('missing_user_agent', 'no user agent');
  if (BOT_AGENT.test(userAgent) || MPP_PREFETCH_AGENT.test(userAgent)) return machine('bot_user_agent', userAgent.slice(0, 80));
  if (event.deliveredAt !== null) {
    const elapsed = event.at.getTime() - event.deliveredAt.getTime();
    if (elapsed < CLICK_MIN_DELAY_MS)
      return machine('too_soon_after_delivery', `${Math.max(0, Math.round(elapsed / 1000))} s after delivery`);
  }
  return HUMAN;
}
