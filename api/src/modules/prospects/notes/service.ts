/** Notes on a prospect: they belong to its owner; team viewers read them, only the owner writes (document 1 §6). */
import { PINNED_NOTES_LIMIT_DEFAULT } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller } from '../../account/caller';
import { readableProspect } from '../access';
import { addEvents } from '../prospect/repository';
import * as repo from './repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Notes are plain text: markup characters are dropped; a note that is left empty is refused. */
function cleanNote(text: string): string {
  const clean = text.replace(/[<>]/g, '').trim();
  if (!clean) throw new DomainError('field_required', { field: 'noteText' });
  return clean;
}

function noteOut(note: repo.NoteRow) {
  return { id: note.id, noteText: note.noteText, pinned: note.pinned, createdAt: iso(note.createdAt), updatedAt: iso(note.updatedAt) };
}

export class NotesService {
  constructor(private readonly db: Db) {}

  /** The prospect the notes are on, once the caller may read them (and write them, for `write`). */
  private async target(caller: Caller, prospectId: number, write: boolean) {
    const { prospect, viewer } = await readableProspect(this.db, caller, prospectId);
    if (write && viewer !== 'own') throw new DomainError('forbidden');
    return prospect;
  }

  async notes(caller: Caller, prospectId: number) {
    const prospect = await this.target(caller, prospectId, false);
    return { notes: (await repo.notesOf(this.db, scopeOf(caller), prospect.id)).map(noteOut) };
  }

  async pinnedNotes(caller: Caller, prospectId: number) {
    const prospect = await this.target(caller, prospectId, false);
    const notes = await repo.notesOf(this.db, scopeOf(caller), prospect.id);
    return { notes: notes.filter((n) => n.pinned).map(noteOut), pinnedNotesLimit: PINNED_NOTES_LIMIT_DEFAULT };
  }

  async addNote(caller: Caller, prospectId: number, text: string) {
    const scope = scopeOf(caller);
    const prospect = await this.target(caller, prospectId, true);
    const note = await repo.insertNote(this.db, scope, prospect.id, cleanNote(text));
    if (!note) throw new DomainError('not_found');
    await addEvents(this.db, scope, [prospect.id], 'note_added', { noteId: note.id });
    return noteOut(note);
  }

  async editNote(caller: Caller, prospectId: number, noteId: number, text: string) {
    const prospect = await this.target(caller, prospectId, true);
    const note = await repo.updateNote(this.db, scopeOf(caller), prospect.id, noteId, { noteText: cleanNote(text), updatedAt: new Date() });
    if (!note) throw new DomainError('not_found');
    return noteOut(note);
  }

  async deleteNote(caller: Caller, prospectId: number, noteId: number) {
    const prospect = await this.target(caller, prospectId, true);
    if (!(await repo.deleteNote(this.db, scopeOf(caller), prospect.id, noteId))) throw new DomainError('not_found');
    return { ok: true as const };
  }

  async pinNote(caller: Caller, prospectId: number, noteId: number, pinned: boolean) {
    const scope = scopeOf(caller);
    const prospect = await this.target(caller, prospectId, true);
    const note = await repo.noteById(this.db, scope, prospect.id, noteId);
    if (!note) throw new DomainError('not_found');
    if (pinned && !note.pinned && (await repo.pinnedCount(this.db, scope, prospect.id)) >= PINNED_NOTES_LIMIT_DEFAULT) throw new DomainError('notes_pin_limit');
    const updated = await repo.updateNote(this.db, scope, prospect.id, noteId, { pinned });
    if (!updated) throw new DomainError('not_found');
    return noteOut(updated);
  }
}
