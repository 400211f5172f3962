import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommittedChanges, tableNames } from '../helpers/hostileInputs';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../helpers/testDatabase';

/** The batteries' check that a refused request changed nothing sees every kind of change. */
describe.each(databaseKinds())('what committed transactions changed, on %s', (kind) => {
  let database: TestDatabase;
  let changes: CommittedChanges;
  const insertTerm = (name: string) => database.db.execute(sql`INSERT INTO terms_conditions (tc_name, tc_order) VALUES (${name}, 1)`);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    changes = new CommittedChanges(database.db, await tableNames(database.db));
    await insertTerm('kept');
  }, 120_000);
  afterAll(() => database?.drop());

  it('names the table of an insert, an update and a delete, and nothing after a rollback or a read', async () => {
    await changes.mark();
    expect(await changes.changedSinceMark()).toEqual([]);

    await insertTerm('added');
    expect(await changes.changedSinceMark()).toEqual(['terms_conditions']);

    await database.db.execute(sql`UPDATE terms_conditions SET tc_content = 'changed' WHERE tc_name = 'kept'`);
    expect(await changes.changedSinceMark()).toEqual(['terms_conditions']);

    await database.db.execute(sql`DELETE FROM terms_conditions WHERE tc_name = 'added'`);
    expect(await changes.changedSinceMark()).toEqual(['terms_conditions']);

    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO terms_conditions (tc_name, tc_order) VALUES ('gone', 1)`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await database.db.execute(sql`SELECT * FROM terms_conditions FOR UPDATE`);
    expect(await changes.changedSinceMark()).toEqual([]);
  });
});
