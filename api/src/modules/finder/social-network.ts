/**
 * The social-network adapter the LinkedIn search tasks run through. One boundary, two sides:
 * - `SandboxSocialNetworkProvider` (the default, and what tests use): offline, deterministic,
 *   realistic profiles derived from the search URL, so the same URL always yields the same people;
 * - `LinkedinSocialNetworkProvider`: the real network's boundary. Harvesting needs a connected
 *   account session and its proxy, which the social-network accounts issue will provide; until
 *   then it refuses with service_unavailable instead of pretending.
 */
import { createHash } from 'node:crypto';
import { DomainError } from '../../http/domain-error';

export interface SocialProfile {
  profileUrl: string;
  fullName: string;
  firstName: string;
  lastName: string;
  position: string;
  companyName: string;
  companyDomain: string | null;
  location: string;
  /** An address the network exposes (or the provider found); null when none. */
  email: string | null;
}

export type SearchItem = { kind: 'profile'; profile: SocialProfile } | { kind: 'bad_link'; url: string; reason: string };

export interface SearchPageRequest {
  url: string;
  accountId: number;
  /** Results already read (the task's cursor). */
  offset: number;
  limit: number;
  signal?: AbortSignal | undefined;
}

export interface SocialNetworkProvider {
  readonly name: 'sandbox' | 'linkedin';
  searchPage(request: SearchPageRequest): Promise<{ items: SearchItem[]; done: boolean }>;
}

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
const SANDBOX_RESULTS_MIN = 40;
const SANDBOX_RESULTS_SPREAD = 200;
/** One link in this many is unusable (a private or removed profile), as on the real network. */
const SANDBOX_BAD_LINK_EVERY = 23;
/** Seven in ten sandbox profiles come with an address. */
const SANDBOX_EMAIL_SHARE = 7;

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
    .replace(/ü/g, 'u')
    .replace(/[^a-z]/g, '');
}

export class SandboxSocialNetworkProvider implements SocialNetworkProvider {
  readonly name = 'sandbox' as const;

  /** How many results the sandbox search at `url` has. */
  static resultCount(url: string): number {
    return SANDBOX_RESULTS_MIN + (digest(url).readUInt32BE(0) % SANDBOX_RESULTS_SPREAD);
  }

  static itemAt(url: string, index: number): SearchItem {
    const bytes = digest(`${url}#${index}`);
    const handleSuffix = bytes.subarray(20, 23).toString('hex');
    if (bytes.readUInt16BE(24) % SANDBOX_BAD_LINK_EVERY === 0) {
      return { kind: 'bad_link', url: `https://www.linkedin.com/in/unavailable-${handleSuffix}`, reason: 'profile_unavailable' };
    }
    const firstName = pick(FIRST_NAMES, bytes, 0);
    const lastName = pick(LAST_NAMES, bytes, 2);
    const [companyName, companyDomain] = pick(COMPANIES, bytes, 4);
    const hasEmail = bytes[10]! % 10 < SANDBOX_EMAIL_SHARE;
    return {
      kind: 'profile',
      profile: {
        profileUrl: `https://www.linkedin.com/in/${ascii(firstName)}-${ascii(lastName)}-${handleSuffix}`,
        fullName: `${firstName} ${lastName}`,
        firstName,
        lastName,
        position: pick(POSITIONS, bytes, 6),
        companyName,
        companyDomain,
        location: pick(LOCATIONS, bytes, 8),
        email: hasEmail ? `${ascii(firstName)}.${ascii(lastName)}@${companyDomain}` : null,
      },
    };
  }

  async searchPage(request: SearchPageRequest): Promise<{ items: SearchItem[]; done: boolean }> {
    const total = SandboxSocialNetworkProvider.resultCount(request.url);
    const end = Math.min(total, request.offset + request.limit);
    const items: SearchItem[] = [];
    for (let index = request.offset; index < end; index += 1) items.push(SandboxSocialNetworkProvider.itemAt(request.url, index));
    return { items, done: end >= total };
  }
}

export class LinkedinSocialNetworkProvider implements SocialNetworkProvider {
  readonly name = 'linkedin' as const;

  async searchPage(): Promise<{ items: SearchItem[]; done: boolean }> {
    // Needs the connected account's session and proxy (social-network accounts issue).
    throw new DomainError('service_unavailable');
  }
}

export function createSocialNetworkProvider(kind: 'sandbox' | 'linkedin'): SocialNetworkProvider {
  return kind === 'linkedin' ? new LinkedinSocialNetworkProvider() : new SandboxSocialNetworkProvider();
}
