import { screen } from '@testing-library/react';
import type { SingleSearchResult } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { SingleSearchResultCard } from './single-search-result';

const result = (overrides: Partial<SingleSearchResult>): SingleSearchResult => ({
  searchId: 'AbCdEfGh12345678',
  firstName: 'Ada',
  lastName: 'Lovelace',
  domain: 'acme.test',
  email: 'ada.lovelace@acme.test',
  status: 'valid',
  pattern: 'first.last',
  catchAll: false,
  patternSource: 'account',
  candidates: [
    { email: 'ada.lovelace@acme.test', pattern: 'first.last', score: 0.75, status: 'valid' },
    { email: 'alovelace@acme.test', pattern: 'flast', score: 0.25, status: 'not_checked' },
  ],
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

it('shows the address found, the pattern and where its ranking came from, and each candidate tried', async () => {
  await renderInRemote(remoteTexts, <SingleSearchResultCard result={result({})} />);
  expect(screen.getAllByText('ada.lovelace@acme.test').length).toBe(2);
  expect(screen.getByText('Found')).toBeInTheDocument();
  expect(screen.getByText('Addresses you verified at this domain')).toBeInTheDocument();
  expect(screen.getByText('75%')).toBeInTheDocument();
  expect(screen.getByText('Not checked')).toBeInTheDocument();
});

it('calls a catch-all guess unverifiable and says when nothing was found', async () => {
  const view = await renderInRemote(remoteTexts, <SingleSearchResultCard result={result({ status: 'unverifiable', catchAll: true })} />);
  expect(screen.getByText('Unverifiable (catch-all)')).toBeInTheDocument();
  view.unmount();
  await renderInRemote(remoteTexts, <SingleSearchResultCard result={result({ status: 'not_found', email: null, pattern: null, candidates: [] })} />);
  expect(screen.getByText('No address found')).toBeInTheDocument();
  expect(screen.getByText('Not found')).toBeInTheDocument();
});

it('says catch-all was not checked when no mail server answer settled it, instead of "No"', async () => {
  const view = await renderInRemote(remoteTexts, 
    <SingleSearchResultCard result={result({ status: 'unknown', catchAll: null, candidates: [{ email: 'ada.lovelace@acme.test', pattern: 'first.last', score: 0, status: 'unknown' }] })} />,
  );
  const catchAllValue = () => screen.getByText('Catch-all').closest('th')!.nextElementSibling;
  expect(catchAllValue()).toHaveTextContent(/^Not checked$/);
  view.unmount();
  await renderInRemote(remoteTexts, <SingleSearchResultCard result={result({ catchAll: false })} />);
  expect(catchAllValue()).toHaveTextContent(/^No$/);
});
