import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@leadforge/api-client';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { testWarmupAccount } from '../test-data';
import { WarmupSettingsForm, type WarmupSettingsFormProps } from './warmup-settings-form';

const { settings } = testWarmupAccount();

function renderForm(props: Partial<WarmupSettingsFormProps> = {}) {
  const handlers = { onSubmit: jest.fn(async () => undefined), onRefused: jest.fn() };
  const view = renderInRemote(
    remoteTexts,
    <WarmupSettingsForm
      settings={settings}
      maxCeiling={60}
      schedules={[{ id: 5, name: 'Office hours', timezone: 'Europe/Kyiv' }]}
      schedulesLoading={false}
      saving={false}
      {...handlers}
      {...props}
    />,
  );
  return { handlers, view };
}

describe('the warm-up settings form', () => {
  it('keeps the start volume at or below the ceiling', async () => {
    const { handlers, view } = renderForm();
    await view;
    fireEvent.change(await screen.findByLabelText('Start volume (emails on the first day)'), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The start volume cannot be above the ceiling')).toBeInTheDocument();
    expect(handlers.onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal under the field it names, and any other refusal through onRefused', async () => {
    const refusal = (field?: string) =>
      new ApiError({
        kind: 'http',
        routeId: 'warmup.updateSettings',
        status: 422,
        rawText: '',
        errors: [{ key: 'warmup_ceiling_plan', title: 'Ceiling above your plan', description: 'Lower the ceiling or upgrade your plan.', ...(field ? { field } : {}) }],
      });
    const onSubmit = jest.fn().mockRejectedValueOnce(refusal('ceiling')).mockRejectedValueOnce(refusal());
    const { handlers, view } = renderForm({ onSubmit });
    await view;
    fireEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Lower the ceiling or upgrade your plan.')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith(settings);

    fireEvent.change(screen.getByLabelText('Ceiling (emails a day)'), { target: { value: '39' } });
    // The server's mark goes once the field changes; then Save, as a person would.
    await waitFor(() => expect(screen.queryByText('Lower the ceiling or upgrade your plan.')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(handlers.onRefused).toHaveBeenCalledTimes(1));
  });
});
