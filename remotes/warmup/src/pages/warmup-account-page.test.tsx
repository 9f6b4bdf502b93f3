import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../i18n';
import { testStatistics, testUserLimits, testWarmupAccount } from '../features/warm-up/test-data';
import { WarmupAccountPage } from './warmup-account-page';

const api = withApiDouble();

const PATCH = 'PATCH /warm-up/api/email-accounts/12';
const account = testWarmupAccount({ id: 12, email: 'ada@acme.test' });

function answerScreen() {
  api().on('GET /warm-up/api/email-accounts/12', { body: { item: account } });
  api().on('GET /warm-up/api/user-limits', { body: testUserLimits({ maxCeiling: 40 }) });
  api().on('GET /warm-up/api/used-schedules', { body: { items: [{ id: 5, name: 'Office hours', timezone: 'Europe/Kyiv', usedBy: [] }] } });
  api().on('GET /warm-up/api/statistics', { body: testStatistics() });
}

const renderPage = () =>
  renderInRemote(
    remoteTexts,
    <Routes>
      <Route path="/deliverability/warm-up/:id" element={<WarmupAccountPage />} />
    </Routes>,
    { path: '/deliverability/warm-up/12' },
  );

describe('one mailbox’s warm-up', () => {
  it('refuses a ceiling above the plan’s before anything is sent, then saves the settings', async () => {
    answerScreen();
    api().on(PATCH, { body: { item: { ...account, settings: { ...account.settings, ceiling: 35 } } } });
    await renderPage();

    const ceiling = await screen.findByLabelText('Ceiling (emails a day)');
    await waitFor(() => expect(ceiling).toHaveValue('40'));
    fireEvent.change(ceiling, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Your plan allows a ceiling of at most 40')).toBeInTheDocument();
    expect(api().callsTo(PATCH)).toHaveLength(0);

    fireEvent.change(ceiling, { target: { value: '35' } });
    // As a person would: the field has taken the new value (its refusal gone) before Save.
    await waitFor(() => expect(screen.queryByText('Your plan allows a ceiling of at most 40')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api().callsTo(PATCH)).toHaveLength(1));
    expect(api().callsTo(PATCH)[0]?.body).toEqual({ ...account.settings, ceiling: 35 });
    expect(await screen.findByText('Warm-up settings of ada@acme.test saved')).toBeInTheDocument();
  });

  it('shows its mail per day and its rates, and leads back to the list', async () => {
    answerScreen();
    await renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'ada@acme.test' })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Spam' })).toBeInTheDocument();
    expect(screen.getAllByText('25 sent · inbox 96% · spam 4% · replied 28%', { selector: '.ant-descriptions-item-content' })).toHaveLength(2);
    expect(api().callsTo('GET /warm-up/api/statistics')[0]?.query.toString()).toBe('emailAccountId=12&days=7');
    expect(screen.getByRole('link', { name: 'Back to the warm-up list' })).toHaveAttribute('href', '/deliverability/warm-up');
    // The latest warm-up mail, without its text: the partner's domain, where it landed, rescued, answered.
    const recent = screen.getByRole('region', { name: 'Latest warm-up mail' });
    expect(within(recent).getByText('Sent to beta.test')).toBeInTheDocument();
    expect(within(recent).getByText('Moved out of spam')).toBeInTheDocument();
    expect(within(recent).getByText('Received from gamma.test')).toBeInTheDocument();
  });

  it('says so when the mailbox is not the caller’s', async () => {
    answerScreen();
    api().on('GET /warm-up/api/email-accounts/12', { status: 404, body: { errors: [{ key: 'not_found', title: 'Not found', description: 'Not found.' }] } });
    await renderPage();
    expect(await screen.findByText('This mailbox is not among yours')).toBeInTheDocument();
  });
});
