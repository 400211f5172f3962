import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { imports } from '../db/tables/imports';
import { HttpError, notFound } from '../errors';
import { layoutMessage, suggestImport } from '../../src/domain/importing/layouts';
import type { ImportKind } from '../../src/domain/importing/targets';
import { importMessages } from '../../src/domain/importing/importStatus';

/** What the imports' steps share (server/imports/upload.ts, importService.ts). A bad request is a 400 naming its field. */
export const fieldError = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/** One turn of the event loop: PGlite answers in microtasks, and others' requests are read between two statements. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An import's row; 404 when there is none. */
export async function storedImport(db: Db, id: number, lock = false) {
  const query = db.select().from(imports).where(eq(imports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(importMessages.notFound);
  return row;
}

/** The file's columns, the mapping suggested from its headers and the layout they are an export of. */
export function suggestionFor(kind: ImportKind, columns: string[]) {
  const { layout, mapping } = suggestImport(kind, columns);
  return { suggestedMapping: mapping, layout: layout && { id: layout.id, label: layout.label, message: layoutMessage(layout) } };
}
