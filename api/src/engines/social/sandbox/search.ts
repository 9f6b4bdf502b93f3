/**
 * The sandbox network's people: an offline, deterministic generator of realistic made-up
 * profiles. A search URL always yields the same people in the same order, and a profile link
 * always reads back as the same person, so search tasks, social-url imports and the runner's
 * profile reads agree with each other without any stored state.
 *
 * Every person is derived from a 6-hex-digit seed carried at the end of their profile handle
 * (`/in/olivia-johnson-3fa9c1`): reading a link the search produced gives back exactly the person
 * the search showed. A link the sandbox never produced (a user's own list of profile links) gets
 * a person of its own, named after the handle when the handle reads like a name.
 *
 * Used by the sandbox provider (engines/social/sandbox/index.ts), which implements
 * `searchPage` and the profile part of `readProfile` by delegating here.
 */
import { createHash } from 'node:crypto';
import { linkedinProfileHandle } from '@leadforge/contracts';
import type { SearchItem, SearchPageRequest, SocialProfile } from '../provider';

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sofia', 'Lucas', 'Mia', 'Ethan', 'Amara', 'Kenji', 'Priya', 'Oleksandr', 'Chloe', 'Diego', 'Hannah', 'Wei', 'Isabela', 'Jonas'];
const LAST_NAMES = ['Johnson', 'Garcia', 'Nguyen', 'Müller', 'Kowalski', 'Silva', 'Tanaka', 'Patel', 'Kovalenko', 'Rossi', 'Dubois', 'Andersson', 'Okafor', 'Chen', 'Fernández', 'Murphy', 'Novak', 'Costa', 'Schmidt', 'Brown'];
const POSITIONS = ['Chief Executive Officer', 'Head of Sales', 'VP Marketing', 'Account Executive', 'Sales Development Representative', 'Chief Technology Officer', 'Marketing Manager', 'Founder', 'Head of Growth', 'Customer Success Manager', 'Product Manager', 'Business Development Manager'];
const COMPANIES: [string, string][] = [
  ['Northwind Traders', 'northwind.example'],
  ['Contoso Analytics', 'contoso.example'],
  ['Globex Systems', 'globex.example'],
  ['Initech Software', 'initech.example'],
  ['Umbrella Health', 'umbrella-health.example'],
  ['Stark Logistics', 'stark-logistics.example'],
  ['Wayne Robotics', 'wayne-robotics.example'],
  ['Hooli Cloud', 'hooli.example'],
];
const LOCATIONS = ['Berlin, Germany', 'Kyiv, Ukraine', 'São Paulo, Brazil', 'Madrid, Spain', 'Shanghai, China', 'London, United Kingdom', 'Austin, Texas, United States', 'Toronto, Canada'];

/** A search "has" between these many results, decided by its URL. */
const RESULTS_MIN = 40;
const RESULTS_SPREAD = 200;
/** One link in this many is unusable (a private or removed profile), as on the real network. */
const BAD_LINK_EVERY = 23;
/** Seven in ten sandbox profiles come with an address. */
const EMAIL_SHARE = 7;
/** Handles the sandbox gives to profiles that cannot be read. */
const UNAVAILABLE_PREFIX = 'unavailable-';
const SEED = /^[0-9a-f]{6}$/;

/** Why a link yields no profile (a bad link of a task; an error key the screens translate). */
export const SANDBOX_UNAVAILABLE_REASON = 'profile_unavailable';

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function pick<T>(list: readonly T[], bytes: Buffer, offset: number): T {
  return list[bytes.readUInt16BE(offset) % list.length]!;
}

function ascii(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The person of a seed; `names` replaces the made-up names (a handle that reads like a name). */
function personOf(seed: string, handle: string, names?: { firstName: string; lastName: string }): SocialProfile {
  const bytes = digest(`person:${seed}`);
  const firstName = names?.firstName ?? pick(FIRST_NAMES, bytes, 0);
  const lastName = names?.lastName ?? pick(LAST_NAMES, bytes, 2);
  const [companyName, companyDomain] = pick(COMPANIES, bytes, 4);
  const hasEmail = bytes[10]! % 10 < EMAIL_SHARE;
  return {
    profileUrl: `https://www.linkedin.com/in/${handle}`,
    fullName: `${firstName} ${lastName}`,
    firstName,
    lastName,
    position: pick(POSITIONS, bytes, 6),
    companyName,
    companyDomain,
    location: pick(LOCATIONS, bytes, 8),
    email: hasEmail ? `${ascii(firstName)}.${ascii(lastName)}@${companyDomain}` : null,
  };
}

/** How many results the sandbox search at `url` has. */
export function sandboxResultCount(url: string): number {
  return RESULTS_MIN + (digest(url).readUInt32BE(0) % RESULTS_SPREAD);
}

/** The `index`-th result (0-based) of the sandbox search at `url`. */
export function sandboxSearchItem(url: string, index: number): SearchItem {
  const bytes = digest(`${url}#${index}`);
  const seed = bytes.subarray(20, 23).toString('hex');
  if (bytes.readUInt16BE(24) % BAD_LINK_EVERY === 0) {
    return { kind: 'bad_link', url: `https://www.linkedin.com/in/${UNAVAILABLE_PREFIX}${seed}`, reason: SANDBOX_UNAVAILABLE_REASON };
  }
  const made = personOf(seed, '');
  const handle = `${ascii(made.firstName)}-${ascii(made.lastName)}-${seed}`;
  return { kind: 'profile', profile: { ...made, profileUrl: `https://www.linkedin.com/in/${handle}` } };
}

/** A page of the sandbox search: results `offset` … `offset + limit - 1`, and whether it ran out. */
export function sandboxSearchPage(request: Pick<SearchPageRequest, 'url' | 'offset' | 'limit'>): { items: SearchItem[]; done: boolean } {
  const total = sandboxResultCount(request.url);
  const end = Math.min(total, request.offset + request.limit);
  const items: SearchItem[] = [];
  for (let index = request.offset; index < end; index += 1) items.push(sandboxSearchItem(request.url, index));
  return { items, done: end >= total };
}

/**
 * The person behind a profile link on the sandbox network, or null when the profile cannot be
 * read (a link that is no profile's, one the search marked unavailable, or one in
 * `BAD_LINK_EVERY` of the links it never produced).
 */
export function sandboxProfileOf(link: string): SocialProfile | null {
  const handle = linkedinProfileHandle(link);
  if (!handle || handle.startsWith(UNAVAILABLE_PREFIX)) return null;
  const parts = handle.split('-');
  const last = parts.at(-1)!;
  if (parts.length >= 3 && SEED.test(last)) {
    // A handle of the search's form: the same person the search showed, when the names agree.
    const made = personOf(last, handle);
    if (`${ascii(made.firstName)}-${ascii(made.lastName)}` === parts.slice(0, -1).join('-')) return made;
  }
  const bytes = digest(`handle:${handle}`);
  if (bytes.readUInt16BE(24) % BAD_LINK_EVERY === 0) return null;
  const seed = bytes.subarray(20, 23).toString('hex');
  const words = parts.filter((part) => /^[a-z]{2,}$/.test(part));
  const names = words.length >= 2 ? { firstName: capitalised(words[0]!), lastName: capitalised(words[1]!) } : undefined;
  return personOf(seed, handle, names);
}
