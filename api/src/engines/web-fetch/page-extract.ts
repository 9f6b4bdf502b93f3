/**
 * What a company web page tells about people and the company: addresses at the domain (mailto
 * links, visible text, "name [at] domain" spellings, schema.org Person data), the names and
 * positions written next to them, and company facts (name, description, social profiles, logo).
 */
import * as cheerio from 'cheerio';

export interface ExtractedPerson {
  email: string;
  name: string | null;
  position: string | null;
  sourceUrl: string;
}

export interface ExtractedCompany {
  name: string | null;
  description: string | null;
  socials: { network: string; url: string }[];
  logo: string | null;
}

export interface ExtractedPage {
  people: ExtractedPerson[];
  company: ExtractedCompany;
  /** Same-site links found on the page (absolute, without fragment). */
  links: string[];
}

const EMAIL_IN_TEXT = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/gi;
const OBFUSCATED = /([a-z0-9._%+-]+)\s*[[(]\s*at\s*[\])]\s*([a-z0-9.-]+(?:\s*[[(]\s*dot\s*[\])]\s*[a-z0-9-]+)*\.?[a-z]{0,})/gi;
const TEXT_MAX = 120;
const POSITION_MAX = 60;
const POSITION_WORDS_MAX = 8;
const POSITION_WORDS =
  /\b(ceo|cto|cfo|coo|cmo|founder|co-founder|owner|president|director|head|manager|lead|chief|vp|vice president|officer|engineer|developer|designer|sales|marketing|partner|executive|specialist|consultant|analyst|recruiter|assistant|editor|press)\b/i;
const NAME_SHAPE = /^[\p{Lu}][\p{L}'’-]+(?:\s+[\p{Lu}][\p{L}'’.-]+){1,3}$/u;

const SOCIAL_HOSTS: [RegExp, string][] = [
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)(twitter|x)\.com$/, 'twitter'],
  [/(^|\.)facebook\.com$/, 'facebook'],
  [/(^|\.)instagram\.com$/, 'instagram'],
  [/(^|\.)youtube\.com$/, 'youtube'],
  [/(^|\.)github\.com$/, 'github'],
];

/** Whether an address belongs to the domain searched (the domain itself or one of its subdomains). */
export function isAtDomain(email: string, domain: string): boolean {
  const host = email.split('@')[1]?.toLowerCase() ?? '';
  return host === domain || host.endsWith(`.${domain}`);
}

/** A job title is short and says nothing about addresses ("Write to sales [at] …" is not one). */
function looksLikePosition(text: string): boolean {
  return text.length <= POSITION_MAX && text.split(' ').length <= POSITION_WORDS_MAX && POSITION_WORDS.test(text) && !/@|\[at\]|\(at\)|https?:/i.test(text);
}

function cleanText(value: string | undefined | null): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text.length > 0 && text.length <= TEXT_MAX ? text : null;
}

function normaliseEmail(raw: string): string | null {
  const email = raw.trim().toLowerCase().replace(/^mailto:/, '').split('?')[0]!.replace(/[.,;:]+$/, '');
  try {
    return /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(decodeURIComponent(email)) ? decodeURIComponent(email) : null;
  } catch {
    return null;
  }
}

/** Name and position written next to an address: the closest small block around it. */
function personAround($: cheerio.CheerioAPI, element: cheerio.Cheerio<never>): { name: string | null; position: string | null } {
  let block = element.parent();
  for (let level = 0; level < 3 && block.length > 0; level += 1) {
    // The page itself is no person's card.
    if (block.is('body, html')) break;
    const text = block.text().replace(/\s+/g, ' ').trim();
    if (text.length > 400) break;
    let name: string | null = null;
    let position: string | null = null;
    block.find('h1,h2,h3,h4,h5,h6,strong,b,[class*=name],[itemprop=name]').each((_, node) => {
      const candidate = cleanText($(node).text());
      if (!name && candidate && NAME_SHAPE.test(candidate)) name = candidate;
    });
    block.find('[class*=title],[class*=position],[class*=role],[class*=job],[itemprop=jobTitle],p,span,em').each((_, node) => {
      const candidate = cleanText($(node).text());
      if (!position && candidate && candidate !== name && looksLikePosition(candidate)) position = candidate;
    });
    if (name || position) return { name, position };
    block = block.parent();
  }
  return { name: null, position: null };
}

function personsFromJsonLd($: cheerio.CheerioAPI, sourceUrl: string): ExtractedPerson[] {
  const found: ExtractedPerson[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record['@type'] === 'Person' && typeof record.email === 'string') {
      const email = normaliseEmail(record.email);
      if (email) {
        found.push({
          email,
          name: typeof record.name === 'string' ? cleanText(record.name) : null,
          position: typeof record.jobTitle === 'string' ? cleanText(record.jobTitle) : null,
          sourceUrl,
        });
      }
    }
    for (const key of ['@graph', 'employee', 'founder', 'member', 'employees']) if (key in record) visit(record[key]);
  };
  $('script[type="application/ld+json"]').each((_, node) => {
    try {
      visit(JSON.parse($(node).text()));
    } catch {
      // A broken JSON-LD block says nothing; the rest of the page still counts.
    }
  });
  return found;
}

export function extractPage(html: string, pageUrl: string, domain: string): ExtractedPage {
  const $ = cheerio.load(html);
  const byEmail = new Map<string, ExtractedPerson>();
  const add = (person: ExtractedPerson) => {
    if (!isAtDomain(person.email, domain)) return;
    const known = byEmail.get(person.email);
    if (!known) byEmail.set(person.email, person);
    else byEmail.set(person.email, { ...known, name: known.name ?? person.name, position: known.position ?? person.position });
  };

  for (const person of personsFromJsonLd($, pageUrl)) add(person);
  $('a[href^="mailto:" i]').each((_, node) => {
    const email = normaliseEmail($(node).attr('href') ?? '');
    if (email) add({ email, ...personAround($, $(node) as cheerio.Cheerio<never>), sourceUrl: pageUrl });
  });
  // Addresses written as text: every text node, judged with the element that holds it.
  $('body, body *')
    .contents()
    .each((_, node) => {
      if (node.type !== 'text') return;
      const text = node.data;
      const holder = $(node).parent() as unknown as cheerio.Cheerio<never>;
      for (const match of text.matchAll(EMAIL_IN_TEXT)) {
        const email = normaliseEmail(match[0]);
        if (email) add({ email, ...personAround($, holder), sourceUrl: pageUrl });
      }
      for (const match of text.matchAll(OBFUSCATED)) {
        const host = match[2]!.replace(/\s*[[(]\s*dot\s*[\])]\s*/gi, '.');
        const email = normaliseEmail(`${match[1]}@${host}`);
        if (email) add({ email, name: null, position: null, sourceUrl: pageUrl });
      }
    });

  const meta = (selector: string) => cleanText($(selector).attr('content'));
  const title = cleanText($('title').first().text());
  const name = meta('meta[property="og:site_name"]') ?? (title ? (title.split(/\s[|–—-]\s/)[0]?.trim() ?? null) : null);
  const description = meta('meta[name="description" i]') ?? meta('meta[property="og:description"]');

  const links = new Set<string>();
  const socials = new Map<string, string>();
  $('a[href]').each((_, node) => {
    const href = $(node).attr('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    const host = url.hostname.toLowerCase();
    for (const [pattern, network] of SOCIAL_HOSTS) {
      if (pattern.test(host) && !socials.has(network) && url.pathname.length > 1) socials.set(network, url.toString());
    }
    const pageHost = new URL(pageUrl).hostname.toLowerCase();
    if (host === pageHost) links.add(url.toString());
  });

  const logoHref =
    $('meta[property="og:image"]').attr('content') ??
    $('link[rel~="apple-touch-icon" i]').attr('href') ??
    $('link[rel~="icon" i]').attr('href') ??
    null;
  let logo: string | null = null;
  if (logoHref) {
    try {
      logo = new URL(logoHref, pageUrl).toString();
    } catch {
      logo = null;
    }
  }

  return {
    people: [...byEmail.values()],
    company: { name, description, socials: [...socials].map(([network, url]) => ({ network, url })), logo },
    links: [...links],
  };
}
