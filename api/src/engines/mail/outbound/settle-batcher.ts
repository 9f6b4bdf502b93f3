/**
 * Group commit for the engine's hottest write. Each mailbox's messages go out one after another,
 * and between two of them the engine writes the answer of one and marks the next `sending`; with
 * many mailboxes sending at once, those writes fall due together. One statement is in flight at a
 * time: whatever arrives meanwhile waits and goes out in the next statement, as one round trip
 * and one commit. A lone write is not delayed at all; under load the statements simply grow.
 */
import type { DbOrTx } from '../../../db/types';
import { settleMany, type AnswerRecord, type MarkRequest, type SendingCheck } from './outbox-repository';

interface Waiting {
  record: AnswerRecord | null;
  mark: MarkRequest | null;
  resolve(result: { recorded: boolean; next: SendingCheck | null }): void;
  reject(error: unknown): void;
}

/** Rows per statement at most, so one statement stays small whatever the queue. */
const MAX_BATCH = 200;

export class SettleBatcher {
  private readonly waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly db: DbOrTx) {}

  /** Writes `record` (the previous answer) and `mark` (the next message) together with whatever else is due. */
  settle(record: AnswerRecord | null, mark: MarkRequest | null): Promise<{ recorded: boolean; next: SendingCheck | null }> {
    if (!record && !mark) return Promise.resolve({ recorded: false, next: null });
    return new Promise((resolve, reject) => {
      this.waiting.push({ record, mark, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const batch = this.waiting.splice(0, MAX_BATCH);
    const records = batch.flatMap((entry) => (entry.record ? [entry.record] : []));
    const marks = batch.flatMap((entry) => (entry.mark ? [entry.mark] : []));
    settleMany(this.db, records, marks)
      .then(
        (result) => {
          for (const entry of batch) {
            entry.resolve({
              recorded: entry.record ? result.recorded.has(entry.record.id) : false,
              next: entry.mark ? (result.marked.get(entry.mark.id) ?? 'lost') : null,
            });
          }
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }
}
