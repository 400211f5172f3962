import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { importWrites } from '../db/tables/imports';
import { inTransaction } from '../crud/records';
import type { WriteSteps } from './commit';
import { reverseWrites } from './undo';
import { nextTurn } from './importRecord';
import { withDeferredSearchIndexes } from './deferredSearchIndexes';

/** How long a step of its own should take: another user's request waits for one at most. */
export const STEP_TARGET_MS = 100;

/** The tables an import writes, whose search indexes a step defers. */
const IMPORTED_TABLES = ['customers', 'contacts', 'sites', 'items'];

/**
 * Where an import's commit writes (issue 36 "Nobody waits behind another's work"):
 * - on PostgreSQL, every step in the one transaction of the commit: all or nothing, and others'
 *   requests run beside it on their own connections;
 * - on PGlite (one connection: a transaction holds every other request), each step in a short
 *   transaction of its own that records what it wrote, so that others' requests run between the
 *   steps. A commit that stops part way is rolled back from those records (`rollBackSteps`):
 *   by its job when cancelled or failed, and by its next run after a crash.
 * Either stops before its next step once `signal` is aborted (a cancel, a worker stopping).
 */
export function stepsInTransaction(tx: Db, signal?: AbortSignal): WriteSteps {
  return {
    async step(work) {
      signal?.throwIfAborted();
      const started = performance.now();
      await work(tx);
      return performance.now() - started;
    },
  };
}

export function stepsInOwnTransactions(
  db: Db,
  importId: number,
  signal?: AbortSignal,
  beforeStep: () => Promise<void> = async () => undefined,
): WriteSteps {
  return {
    targetStepMs: STEP_TARGET_MS,
    async step(work) {
      // PGlite answers in microtasks: without a turn of the event loop between two steps, the
      // requests that arrived meanwhile would not even be read before the last step ends; and
      // those under way answer before the next step takes the connection (beforeStep).
      await nextTurn();
      await beforeStep();
      signal?.throwIfAborted();
      let started = 0;
      await inTransaction(db, (tx) => {
        // On PGlite the transaction holds the one connection from here: what came before was a wait.
        started = performance.now();
        return withDeferredSearchIndexes(tx, IMPORTED_TABLES, async () => {
          const undo = await work(tx);
          if (Object.keys(undo.created).length || undo.updated.length) await tx.insert(importWrites).values({ importId, undo });
        });
      });
      return performance.now() - started;
    },
  };
}

/**
 * Rolls back what the recorded steps of an unfinished commit wrote, last step first, each in a
 * short transaction of its own that forgets its record: others' requests run between them, and
 * a rollback itself interrupted goes on from where it stopped. Answers how many steps there were.
 */
export async function rollBackSteps(db: Db, importId: number): Promise<number> {
  const recorded = await db
    .select({ id: importWrites.id })
    .from(importWrites)
    .where(eq(importWrites.importId, importId))
    .orderBy(desc(importWrites.id));
  for (const { id } of recorded) {
    await nextTurn();
    await inTransaction(db, async (tx) => {
      const [step] = await tx.select({ undo: importWrites.undo }).from(importWrites).where(eq(importWrites.id, id)).for('update');
      if (!step) return;
      await reverseWrites(tx, step.undo);
      await tx.delete(importWrites).where(eq(importWrites.id, id));
    });
  }
  return recorded.length;
}
