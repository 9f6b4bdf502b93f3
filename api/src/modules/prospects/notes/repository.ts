/**
 * SQL of prospect notes. Notes belong to the prospect's owner: reads reach the notes of the
 * caller's team's prospects, writes only those of the caller's own prospects.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { prospectNotes, prospects } from '../../../db/schema';
import type { DbOrTx } from '../../../db/types';
import type { Scope } from '../../account/caller';

export type NoteRow = typeof prospectNotes.$inferSelect;

function teamProspect(db: DbOrTx, scope: Scope, prospectId: number) {
  return db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), inArray(prospects.userId, [...scope.teamUserIds])));
}

function ownProspect(db: DbOrTx, scope: Scope, prospectId: number) {
  return db
    .select({ id: prospects.id })
    .from(prospects)
    .where(and(eq(prospects.id, prospectId), eq(prospects.userId, scope.userId)));
}

export async function notesOf(db: DbOrTx, scope: Scope, prospectId: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(prospectNotes)
    .where(inArray(prospectNotes.prospectId, teamProspect(db, scope, prospectId)))
    .orderBy(desc(prospectNotes.pinned), desc(prospectNotes.createdAt), desc(prospectNotes.id));
}

export async function noteById(db: DbOrTx, scope: Scope, prospectId: number, noteId: number): Promise<NoteRow | undefined> {
  const [row] = await db
    .select()
    .from(prospectNotes)
    .where(and(eq(prospectNotes.id, noteId), inArray(prospectNotes.prospectId, teamProspect(db, scope, prospectId))))
    .limit(1);
  return row;
}

export async function pinnedCount(db: DbOrTx, scope: Scope, prospectId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(prospectNotes)
    .where(and(inArray(prospectNotes.prospectId, teamProspect(db, scope, prospectId)), eq(prospectNotes.pinned, true)));
  return row?.n ?? 0;
}

/** A note by the caller on one of their prospects; undefined (nothing written) for any other prospect. */
export async function insertNote(db: DbOrTx, scope: Scope, prospectId: number, noteText: string): Promise<NoteRow | undefined> {
  const [own] = await ownProspect(db, scope, prospectId);
  if (!own) return undefined;
  const [row] = await db.insert(prospectNotes).values({ prospectId: own.id, userId: scope.userId, noteText }).returning();
  return row;
}

export async function updateNote(db: DbOrTx, scope: Scope, prospectId: number, noteId: number, values: Partial<Pick<NoteRow, 'noteText' | 'pinned' | 'updatedAt'>>) {
  const [row] = await db
    .update(prospectNotes)
    .set(values)
    .where(and(eq(prospectNotes.id, noteId), inArray(prospectNotes.prospectId, ownProspect(db, scope, prospectId))))
    .returning();
  return row;
}

/** Whether a note of one of the caller's prospects was deleted. */
export async function deleteNote(db: DbOrTx, scope: Scope, prospectId: number, noteId: number): Promise<boolean> {
  const rows = await db
    .delete(prospectNotes)
    .where(and(eq(prospectNotes.id, noteId), inArray(prospectNotes.prospectId, ownProspect(db, scope, prospectId))))
    .returning({ id: prospectNotes.id });
  return rows.length > 0;
}
