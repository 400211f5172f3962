import { describe, expectTypeOf, it } from 'vitest';
import type { RecordOf } from '../../src/schema';
import type { items, workAreaItems, workAreas } from '../../src/schema';
import type { TaxCode } from '../../src/domain/taxes';
import * as tables from '../../server/db/entityTables';

// Checked by the type checker (npx tsc, npm test); the runs only show them in the report.
describe('types derived from the declarations', () => {
  it('RecordOf gives each field the value the API answers', () => {
    type Area = RecordOf<typeof workAreas>;
    expectTypeOf<Area['estimateID']>().toEqualTypeOf<number>();
    expectTypeOf<Area['tax']>().toEqualTypeOf<TaxCode>();
    expectTypeOf<Area['isIncluded']>().toEqualTypeOf<boolean>();
    expectTypeOf<Area['notes']>().toEqualTypeOf<string | null>();
    expectTypeOf<Area['version']>().toEqualTypeOf<number>();
    type Line = RecordOf<typeof workAreaItems>;
    expectTypeOf<Line['itemID']>().toEqualTypeOf<number | null>();
    expectTypeOf<Line['quantity']>().toEqualTypeOf<number>();
    expectTypeOf<Line['units']>().toEqualTypeOf<string | null>();
    expectTypeOf<RecordOf<typeof items>['price']>().toEqualTypeOf<number>();
  });

  it('the derived Drizzle tables select typed values', () => {
    expectTypeOf<(typeof tables.workAreas)['$inferSelect']['estimateID']>().toEqualTypeOf<number>();
    expectTypeOf<(typeof tables.workAreas)['$inferSelect']['notes']>().toEqualTypeOf<string | null>();
    expectTypeOf<(typeof tables.workAreaItems)['$inferSelect']['totalPrice']>().toEqualTypeOf<number>();
    expectTypeOf<(typeof tables.estimates)['$inferSelect']['createdAt']>().toEqualTypeOf<Date>();
    expectTypeOf<(typeof tables.items)['$inferInsert']['name']>().toEqualTypeOf<string>();
  });
});
