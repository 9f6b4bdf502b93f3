import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProspectNote } from '@leadforge/contracts';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { NotesPanel } from './notes-panel';

const NOW = '2026-11-21T10:00:00.000Z';
const note = (id: number, pinned: boolean): ProspectNote => ({ id, noteText: `Note ${id}`, pinned, createdAt: NOW, updatedAt: NOW });

describe('notes panel', () => {
  it('adds a note and pins one', async () => {
    const user = userEvent.setup({ delay: null });
    const added: string[] = [];
    const pinned: number[] = [];
    await renderInRemote(
      remoteTexts,
      <NotesPanel notes={[note(1, false)]} editable busy={false} onAdd={(text) => added.push(text)} onPin={(item) => pinned.push(item.id)} onUnpin={() => undefined} onDelete={() => undefined} />,
    );
    fireEvent.change(screen.getByLabelText('Write a note'), { target: { value: 'Call back on Monday' } });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(added).toEqual(['Call back on Monday']);
    await user.click(screen.getByRole('button', { name: /Pin/ }));
    expect(pinned).toEqual([1]);
    expect(screen.getByText('Pinned 0 of 5')).toBeInTheDocument();
  });

  it('stops pinning at the limit the server gives', async () => {
    await renderInRemote(
      remoteTexts,
      <NotesPanel notes={[note(1, true), note(2, false)]} pinnedLimit={1} editable busy={false} onAdd={() => undefined} onPin={() => undefined} onUnpin={() => undefined} onDelete={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: /^pushpin Pin$/ })).toBeDisabled();
    expect(screen.getByText('Pinned 1 of 1')).toBeInTheDocument();
  });
});
