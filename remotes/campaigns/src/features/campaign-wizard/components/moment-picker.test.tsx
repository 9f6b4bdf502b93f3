import { fireEvent, screen } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { MomentPicker } from './moment-picker';

describe('the start/end picker', () => {
  it('writes a picked date with the default 9:00 AM slot in the given zone', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <MomentPicker name="start" value={null} timeZone="Europe/Kyiv" onChange={onChange} />);
    fireEvent.change(await screen.findByLabelText('Start date'), { target: { value: '2026-12-01' } });
    expect(onChange).toHaveBeenCalledWith({ date: '2026-12-01', time: '9:00 AM', timeZone: 'Europe/Kyiv' });
  });

  it('keeps the zone a moment was written in and clears it', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <MomentPicker name="end" value={{ date: '2026-12-01', time: '10:30 AM', timeZone: 'UTC' }} timeZone="Europe/Kyiv" onChange={onChange} />);
    fireEvent.change(await screen.findByLabelText('End date'), { target: { value: '2026-12-02' } });
    // The date field has its own clear icon labelled “Clear” too: this is the picker's text button.
    fireEvent.click(screen.getByText('Clear').closest('button')!);
    expect(onChange.mock.calls).toEqual([[{ date: '2026-12-02', time: '10:30 AM', timeZone: 'UTC' }], [null]]);
  });
});
