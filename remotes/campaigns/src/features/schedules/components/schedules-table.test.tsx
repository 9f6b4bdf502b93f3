import { fireEvent, screen, within } from '@testing-library/react';
import { defaultScheduleDays, type Schedule } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { SchedulesTable } from './schedules-table';

const schedule = (overrides: Partial<Schedule>): Schedule => ({
  id: 1,
  name: 'Office hours',
  timezone: 'Europe/Berlin',
  days: defaultScheduleDays(),
  campaignList: [],
  warmupCount: 0,
  ...overrides,
});

describe('the schedules table', () => {
  it('names the warm-ups on a schedule and does not offer to delete it, while an unused one deletes', async () => {
    const onDelete = jest.fn();
    const warmed = schedule({ id: 2, name: 'Warm hours', warmupCount: 2, campaignList: [{ campaignId: 9, title: 'Spring outreach' }] });
    const unused = schedule({ id: 3, name: 'Spare hours' });
    await renderInRemote(remoteTexts, <SchedulesTable schedules={[warmed, unused]} deletingId={null} onEdit={jest.fn()} onDelete={onDelete} />);

    const warmedRow = (await screen.findByRole('button', { name: 'Warm hours' })).closest('tr')!;
    expect(within(warmedRow).getByText('Spring outreach')).toBeInTheDocument();
    expect(within(warmedRow).getByText('Warm-up of 2 mailboxes')).toBeInTheDocument();
    fireEvent.click(within(warmedRow).getByRole('button', { name: 'Delete Warm hours' }));
    const warmedConfirm = (await screen.findByText(/Mailbox warm-ups send on this schedule/)).closest<HTMLElement>('.ant-popconfirm')!;
    expect(within(warmedConfirm).getByRole('button', { name: 'Delete' })).toBeDisabled();

    const unusedRow = screen.getByRole('button', { name: 'Spare hours' }).closest('tr')!;
    expect(within(unusedRow).getByText('Not used')).toBeInTheDocument();
    fireEvent.click(within(unusedRow).getByRole('button', { name: 'Delete Spare hours' }));
    const unusedConfirm = (await screen.findByText('No campaign uses it.')).closest<HTMLElement>('.ant-popconfirm')!;
    fireEvent.click(within(unusedConfirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(unused);
  });
});
