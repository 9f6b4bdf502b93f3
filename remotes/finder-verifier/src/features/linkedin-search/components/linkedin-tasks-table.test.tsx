import { screen, within } from '@testing-library/react';
import type { LinkedinTask } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { LinkedinTasksTable } from './linkedin-tasks-table';

const task: LinkedinTask = {
  id: 41,
  provider: 'sandbox',
  url: 'https://www.linkedin.com/search/results/people/?keywords=cto',
  accountId: 3,
  prospectsListId: 17,
  prospectsTotal: 30,
  isSkipSaved: true,
  isSaveWithoutEmail: true,
  status: 'in_progress',
  statusReason: null,
  prospectsFound: 25,
  prospectsSaved: 21,
  badLinksCount: 1,
  createdAt: '2026-11-21T10:00:00.000Z',
};

it('shows a task’s network, status, account and progress, and leads to the list it fills', async () => {
  await renderInRemote(
    remoteTexts,
    <LinkedinTasksTable tasks={[task]} total={1} page={1} loading={false} accountNames={new Map([[3, 'Growth searcher']])} onPageChange={jest.fn()} />,
  );
  const row = screen.getByRole('row', { name: /keywords=cto/ });
  expect(within(row).getByText('Sandbox')).toBeInTheDocument();
  expect(within(row).getByText('Running')).toBeInTheDocument();
  expect(within(row).getByText('Growth searcher')).toBeInTheDocument();
  expect(within(row).getByText('25 found, 21 saved of 30')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Open the list' })).toHaveAttribute('href', '/prospects/list/17');
});
