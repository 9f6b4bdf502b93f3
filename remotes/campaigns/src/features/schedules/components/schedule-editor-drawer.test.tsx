import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultScheduleDays } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ScheduleEditorDrawer } from './schedule-editor-drawer';

// The server's own checks, the campaigns on a schedule and deleting one in use are proven in
// api/src/modules/campaign-library; here the drawer's local rules and what it sends.
const api = withApiDouble();
const SAVE = 'POST /schedules/save';

const schedule = { id: 6, name: 'Berlin office', timezone: 'Europe/Berlin', days: defaultScheduleDays(), campaignList: [], warmupCount: 0 };

function answerZones() {
  api().on('GET /schedules/timezoneList', {
    body: {
      timeZones: [
        { id: 'UTC', name: '(GMT+00:00) UTC', offset: '+00:00', offsetMinutes: 0 },
        { id: 'Europe/Berlin', name: '(GMT+01:00) Europe/Berlin', offset: '+01:00', offsetMinutes: 60 },
      ],
    },
  });
}

describe('the schedule editor', () => {
  it('refuses a week without a sending day before anything is sent', async () => {
    answerZones();
    await renderInRemote(remoteTexts, <ScheduleEditorDrawer target={{ kind: 'edit', schedule }} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      fireEvent.click(within(drawer).getByRole('switch', { name: `Send on ${day}` }));
    }
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Turn on at least one day of the week for this schedule.');
    expect(api().callsTo(SAVE)).toHaveLength(0);
  });

  it('sends the schedule with its seven days, and shows a day whose end is before its start', async () => {
    answerZones();
    api().on(SAVE, (call) => ({ body: { schedule: { ...schedule, ...(call.body as object) } } }));
    await renderInRemote(remoteTexts, <ScheduleEditorDrawer target={{ kind: 'edit', schedule }} onClose={jest.fn()} />);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByLabelText('Schedule name')).toHaveValue('Berlin office');
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Send on Saturday' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api().callsTo(SAVE)).toHaveLength(1));
    const sent = api().callsTo(SAVE)[0]?.body as { id: number; days: { day: string; enabled: boolean }[] };
    expect(sent).toMatchObject({ id: 6, name: 'Berlin office', timezone: 'Europe/Berlin' });
    expect(sent.days.map((day) => [day.day, day.enabled])).toEqual([
      ['mon', true],
      ['tue', true],
      ['wed', true],
      ['thu', true],
      ['fri', true],
      ['sat', true],
      ['sun', false],
    ]);
  });
});
