import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { SaveAsTemplateButton } from './save-as-template-button';
import { TemplatePicker } from './template-picker';

const api = withApiDouble();

const template = {
  templateId: 3,
  categoryId: null,
  categoryName: null,
  templateName: 'Intro',
  templateData: { subject: 'Hello', body: '<p>Hi</p>', plainTextMode: false, isAiGenerated: false },
  updatedAt: '2026-03-02T10:00:00.000Z',
};

describe('picking a template and saving an email as one', () => {
  it('gives back the template chosen', async () => {
    api().on('GET /pipelines/api/templates/categories', { body: { items: [], uncategorisedCount: 1 } });
    api().on('GET /pipelines/api/templates', { body: { items: [template] } });
    const onPick = jest.fn();
    await renderInRemote(remoteTexts, <TemplatePicker onPick={onPick} />);
    fireEvent.click(screen.getByRole('button', { name: /Insert a template/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a template' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Use Intro' }));
    expect(onPick).toHaveBeenCalledWith(template);
  });

  it('refuses to save an email without a body as a template', async () => {
    api().on('GET /pipelines/api/templates/categories', { body: { items: [], uncategorisedCount: 0 } });
    await renderInRemote(remoteTexts, <SaveAsTemplateButton subject="Hello" body="<p></p>" plainTextMode={false} />);
    fireEvent.click(screen.getByRole('button', { name: /Save as template/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fill in both the subject and the body to save the template.');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves the email being written under the name given', async () => {
    api().on('GET /pipelines/api/templates/categories', { body: { items: [], uncategorisedCount: 0 } });
    api().on('POST /templates/add', { body: { template: { ...template, templateName: 'Hello' } } });
    await renderInRemote(remoteTexts, <SaveAsTemplateButton subject="Hello" body="<p>Hi</p>" plainTextMode={false} />);
    fireEvent.click(screen.getByRole('button', { name: /Save as template/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(within(dialog).getByLabelText('Template name')).toHaveValue('Hello');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api().callsTo('POST /templates/add')).toHaveLength(1));
    expect(api().callsTo('POST /templates/add')[0]?.body).toEqual({
      templateName: 'Hello',
      categoryId: null,
      templateData: { subject: 'Hello', body: '<p>Hi</p>', plainTextMode: false, isAiGenerated: false },
    });
  });
});
