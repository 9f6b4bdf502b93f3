/**
 * A polite, bounded crawl of one domain's public pages: robots.txt obeyed (robots-parser), same
 * host only, breadth first with people pages (team, about, contact, …) first, page and depth caps,
 * every request through the SSRF-safe fetcher.
 */
import robotsParser from 'robots-parser';
import { FetchFailedError, UrlNotAllowedError, USER_AGENT, type WebFetcher } from './fetcher';
import { extractPage, type ExtractedCompany, type ExtractedPerson } from './page-extract';

export interface CrawlOptions {
  maxPages: number;
  maxDepth: number;
  signal?: AbortSignal | undefined;
}

export interface CrawlResult {
  /** The origin that answered (https first, then http). */
  origin: string | null;
  people: ExtractedPerson[];
  company: ExtractedCompany;
  pagesFetched: number;
  blockedByRobots: number;
  failed: number;
  truncated: boolean;
}

const ROBOTS_MAX_BYTES = 500_000;
const PEOPLE_PAGES = /(team|people|about|contact|staff|leadership|management|company|impressum|kontakt|press|who-we-are)/i;
const SKIP_EXTENSIONS = /\.(pdf|jpe?g|png|gif|svg|webp|ico|css|js|zip|gz|mp4|mp3|woff2?|ttf|xml|json)$/i;
const ROBOTS_AGENT = USER_AGENT.split('/')[0]!;

/**
 * Crawls `domain`. A domain whose start page is refused by the address policy throws
 * UrlNotAllowedError (the caller answers url_not_allowed); other failures just count.
 */
export async function crawlDomain(fetcher: WebFetcher, domain: string, options: CrawlOptions): Promise<CrawlResult> {
  const result: CrawlResult = {
    origin: null,
    people: [],
    company: { name: null, description: null, socials: [], logo: null },
    pagesFetched: 0,
    blockedByRobots: 0,
    failed: 0,
    truncated: false,
  };
  // robots.txt is read before any page, so even the home page is skipped when disallowed. The
  // first origin that answers (https, then http) is the site's; a refusal by the address policy is
  // the user's answer (url_not_allowed), not a crawl detail.
  let origin: string | null = null;
  let robotsPage: Awaited<ReturnType<WebFetcher['fetch']>> | null = null;
  for (const candidate of [`https://${domain}`, `http://${domain}`]) {
    try {
      robotsPage = await fetcher.fetch(`${candidate}/robots.txt`, { signal: options.signal, accept: 'text/plain', maxBytes: ROBOTS_MAX_BYTES });
      origin = new URL(robotsPage.finalUrl).origin;
      break;
    } catch (error) {
      if (error instanceof UrlNotAllowedError && error.reason !== 'dns') throw error;
      if (!(error instanceof UrlNotAllowedError || error instanceof FetchFailedError)) throw error;
    }
  }
  if (!origin) {
    result.failed += 1;
    return result;
  }
  result.origin = origin;
  // RFC 9309 §2.3.1: a 4xx robots.txt allows everything; a server error disallows everything.
  const robotsFor = (page: typeof robotsPage) => {
    if (!page) return null;
    const url = `${new URL(page.finalUrl).origin}/robots.txt`;
    if (page.status >= 500) return robotsParser(url, 'User-agent: *\nDisallow: /\n');
    return page.status >= 200 && page.status < 300 ? robotsParser(url, page.body) : null;
  };
  let robots = robotsFor(robotsPage);
  const allowed = (url: string) => robots?.isAllowed(url, ROBOTS_AGENT) ?? true;

  if (!allowed(`${origin}/`)) {
    result.blockedByRobots += 1;
    return result;
  }
  let start: Awaited<ReturnType<WebFetcher['fetch']>>;
  try {
    start = await fetcher.fetch(`${origin}/`, { signal: options.signal });
  } catch (error) {
    if (error instanceof UrlNotAllowedError && error.reason !== 'dns') throw error;
    if (!(error instanceof UrlNotAllowedError || error instanceof FetchFailedError)) throw error;
    result.failed += 1;
    return result;
  }
  // The home page may live elsewhere on the site (acme.com → www.acme.com): that origin's rules apply.
  const startOrigin = new URL(start.finalUrl).origin;
  if (startOrigin !== origin) {
    origin = startOrigin;
    result.origin = origin;
    try {
      robots = robotsFor(await fetcher.fetch(`${origin}/robots.txt`, { signal: options.signal, accept: 'text/plain', maxBytes: ROBOTS_MAX_BYTES }));
    } catch {
      robots = null;
    }
  }

  const people = new Map<string, ExtractedPerson>();
  const seen = new Set<string>([start.finalUrl]);
  const queue: { url: string; depth: number }[] = [];
  const absorb = (html: string, url: string, depth: number) => {
    const page = extractPage(html, url, domain);
    for (const person of page.people) {
      const known = people.get(person.email);
      people.set(person.email, known ? { ...known, name: known.name ?? person.name, position: known.position ?? person.position } : person);
    }
    const company = result.company;
    result.company = {
      name: company.name ?? page.company.name,
      description: company.description ?? page.company.description,
      socials: company.socials.length > 0 ? company.socials : page.company.socials,
      logo: company.logo ?? page.company.logo,
    };
    if (depth >= options.maxDepth) return;
    for (const link of page.links) {
      const clean = link.split('#')[0]!;
      if (seen.has(clean) || SKIP_EXTENSIONS.test(new URL(clean).pathname)) continue;
      if (new URL(clean).origin !== origin) continue;
      seen.add(clean);
      queue.push({ url: clean, depth: depth + 1 });
    }
    // People pages first, then the rest in discovery order (stable sort).
    queue.sort((a, b) => Number(PEOPLE_PAGES.test(b.url)) - Number(PEOPLE_PAGES.test(a.url)) || a.depth - b.depth);
  };

  if (allowed(start.finalUrl)) {
    result.pagesFetched += 1;
    absorb(start.body, start.finalUrl, 0);
  } else {
    result.blockedByRobots += 1;
  }
  while (queue.length > 0) {
    if (options.signal?.aborted) break;
    if (result.pagesFetched >= options.maxPages) {
      result.truncated = true;
      break;
    }
    const next = queue.shift()!;
    if (!allowed(next.url)) {
      result.blockedByRobots += 1;
      continue;
    }
    try {
      const page = await fetcher.fetch(next.url, { signal: options.signal });
      result.pagesFetched += 1;
      if (page.status >= 200 && page.status < 300 && /html|xml|text\/plain|^$/i.test(page.contentType)) {
        absorb(page.body, page.finalUrl, next.depth);
      }
    } catch (error) {
      if (!(error instanceof FetchFailedError || error instanceof UrlNotAllowedError)) throw error;
      result.failed += 1;
    }
  }
  result.people = [...people.values()];
  return result;
}
