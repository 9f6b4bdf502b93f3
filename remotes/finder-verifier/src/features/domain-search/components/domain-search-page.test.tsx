import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DomainEmail, DomainSearchResult } from '@leadforge/contracts';
import { withLoopbackApi } from '../../../test-support/loopback-api';
import { renderScreen } from '../../../test-support/render-screen';
import { DomainSearchPage } from './domain-search-page';

const SEARCH_ID = 'AbCdEfGh12345678';
const TOTAL = 10;
const PER_PAGE = 8;

const email = (n: number): DomainEmail => ({
  email: `person${n}@acme.test`,
  name: `Person ${n}`,
  firstName: 'Person',
  lastName: String(n),
  position: n === 0 ? 'Chief Executive Officer' : 'Engineer',
  source: 'website',
  sourceUrl: 'http://acme.test/team',
  status: 'not_verified',
});

const pageOf = (page: number): DomainSearchResult => ({
  searchId: SEARCH_ID,
  domain: 'acme.test',
  position: null,
  company: { domain: 'acme.test', name: 'Acme Rockets', description: 'Reusable rockets.', socials: [], logo: null },
  emails: Array.from({ length: TOTAL }, (_, n) => email(n)).slice((page - 1) * PER_PAGE, page * PER_PAGE),
  total: TOTAL,
  page,
  perPage: PER_PAGE,
  crawl: { pagesFetched: 5, blockedByRobots: 1, failed: 0, truncated: false },
  createdAt: '2026-11-21T10:00:00.000Z',
});

// Whole screens with ProTable mount slowly in jsdom when the two cores are busy.
jest.setTimeout(60_000);

const { api } = withLoopbackApi();

it('shows the company, the first 8 addresses, and fetches the next page of the stored search', async () => {
  api().on('GET', '/email-finder/history', { body: { items: [], total: 0, page: 1, perPage: 20 } });
  api().on('POST', '/url-emails/positions', { body: { positions: [] } });
  api().on('POST', '/domain-search/search', { body: pageOf(1) });
  api().on('GET', `/domain-search/search/${SEARCH_ID}`, { body: pageOf(2) });
  await renderScreen(<DomainSearchPage />);

  expect(await screen.findByText('No searches yet')).toBeInTheDocument();
  fireEvent.change(screen.getByPlaceholderText('acme.com'), { target: { value: 'https://www.acme.test/about' } });
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));

  expect(await screen.findByText('10 addresses at acme.test')).toBeInTheDocument();
  expect(screen.getAllByText('Acme Rockets').length).toBeGreaterThan(0);
  expect(screen.getByText('5 pages read, 1 skipped by robots.txt, 0 failed.')).toBeInTheDocument();
  expect(screen.getByText('person7@acme.test')).toBeInTheDocument();
  expect(screen.queryByText('person8@acme.test')).not.toBeInTheDocument();
  expect(api().calls.find((call) => call.path === '/domain-search/search')?.body).toEqual({ domain: 'https://www.acme.test/about' });

  await userEvent.click(screen.getByTitle('2'));
  expect(await screen.findByText('person9@acme.test')).toBeInTheDocument();
  await waitFor(() => expect(api().calls.some((call) => call.path === `/domain-search/search/${SEARCH_ID}`)).toBe(true));
});

it('shows an empty state when a domain has no addresses', async () => {
  api().on('GET', '/email-finder/history', { body: { items: [], total: 0, page: 1, perPage: 20 } });
  api().on('POST', '/url-emails/positions', { body: { positions: [] } });
  api().on('POST', '/domain-search/search', { body: { ...pageOf(1), emails: [], total: 0 } });
  await renderScreen(<DomainSearchPage />);
  fireEvent.change(screen.getByPlaceholderText('acme.com'), { target: { value: 'acme.test' } });
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('No addresses found at this domain')).toBeInTheDocument();
});
