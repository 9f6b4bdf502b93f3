import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EmailTemplateItem } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { TemplateEditorDrawer } from './template-editor-drawer';

// Saving against the real API (sanitising, the server's own emptiness rule, other tenants) is
// proven in api/src/modules/campaign-library; here where the drawer's refusals show and what it sends.
const api = withApiDouble();
const ADD = 'POST /templates/add';
const EDIT = 'POST /templates/edit';

const categories = [{ id: 4, name: 'Follow-ups', templatesCount: 1 }];
const saved: EmailTemplateItem = {
  templateId: 9,
  categoryId: 4,
  categoryName: 'Follow-ups',
  templateName: 'Nudge',
  templateData: { subject: 'Any news?', body: 'Just checking in.', plainTextMode: true, isAiGenerated: false },
  updatedAt: '2026-03-02T10:00:00.000Z',
};

async function openDrawer(target: Parameters<typeof TemplateEditorDrawer>[0]['target']) {
  await renderInRemote(remoteTexts, <TemplateEditorDrawer target={target} categories={categories} onClose={jest.fn()} />);
  return screen.findByRole('dialog');
}

describe('the template editor', () => {
  it('refuses an empty body before anything is sent, with the message of save_template_empty_data', async () => {
    const drawer = await openDrawer({ kind: 'new', initial: { plainTextMode: true } });
    fireEvent.change(within(drawer).getByLabelText('Template name'), { target: { value: 'Intro' } });
    fireEvent.change(within(drawer).getByLabelText('Subject'), { target: { value: 'Hello' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Template is empty');
    const body = within(drawer).getByLabelText('Body').closest('.ant-form-item');
    expect(body).toHaveTextContent('Fill in both the subject and the body to save the template.');
    expect(within(drawer).getByLabelText('Subject').closest('.ant-form-item')).not.toHaveTextContent('Fill in both');
    expect(api().callsTo(ADD)).toHaveLength(0);
  });

  it('sends a new template with its category and mode', async () => {
    api().on(ADD, { body: { template: { ...saved, templateId: 10, templateName: 'Intro' } } });
    const drawer = await openDrawer({ kind: 'new', initial: { plainTextMode: true, categoryId: 4 } });
    fireEvent.change(within(drawer).getByLabelText('Template name'), { target: { value: 'Intro' } });
    fireEvent.change(within(drawer).getByLabelText('Subject'), { target: { value: 'Hello {{firstName}}' } });
    fireEvent.change(within(drawer).getByLabelText('Body'), { target: { value: 'Nice to meet you.' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api().callsTo(ADD)).toHaveLength(1));
    expect(api().callsTo(ADD)[0]?.body).toEqual({
      templateName: 'Intro',
      categoryId: 4,
      templateData: { subject: 'Hello {{firstName}}', body: 'Nice to meet you.', plainTextMode: true, isAiGenerated: false },
    });
    expect(await screen.findByText('Template “Intro” saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal on the field it names', async () => {
    api().on(EDIT, {
      status: 422,
      body: { errors: [{ key: 'save_template_empty_data', title: 'Template is empty', description: 'Fill it.', field: 'templateData.body' }] },
    });
    const drawer = await openDrawer({ kind: 'edit', template: saved });
    expect(within(drawer).getByLabelText('Body')).toHaveValue('Just checking in.');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api().callsTo(EDIT)).toHaveLength(1));
    expect(api().callsTo(EDIT)[0]?.body).toMatchObject({ templateId: 9, categoryId: 4, templateName: 'Nudge' });
    expect(await within(drawer).findByRole('alert')).toHaveTextContent('Template is empty');
    // The field's message renders after the alert (the form sets its field errors in a later render).
    await waitFor(() =>
      expect(within(drawer).getByLabelText('Body').closest('.ant-form-item')).toHaveTextContent('Fill in both the subject and the body'),
    );
  });
});
