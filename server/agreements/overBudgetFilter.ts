import { sql } from 'drizzle-orm';
import { agreements as agreementEntity } from '../../src/schema';
import { AGREEMENT_OVER_BUDGET } from '../../src/schema/agreements';
import { registerFeatureFilter } from '../crud/featureFilters';
import { visits } from '../db/tables/agreements';

/**
 * The agreements whose crews ran over (issue 40): the hours of the visits done above the planned
 * hours of that share of the visits (server/agreements/costing.ts says the same of one agreement).
 */
registerFeatureFilter(agreementEntity.name, AGREEMENT_OVER_BUDGET, {
  values: ['true', 'false'],
  description: 'The agreements whose visits done took more crew hours than planned for them (true), or not (false).',
  async condition(_db, table, values) {
    const over = sql`${table.id} IN (
      SELECT v.visit_agreement_id FROM ${visits} v JOIN agreements a ON a.agreement_id = v.visit_agreement_id
      GROUP BY v.visit_agreement_id, a.agreement_planned_hours
      HAVING count(*) FILTER (WHERE v.visit_status = 'done') > 0
        AND coalesce(sum(v.visit_actual_hours) FILTER (WHERE v.visit_status = 'done'), 0)
          > round(a.agreement_planned_hours * count(*) FILTER (WHERE v.visit_status = 'done') / nullif(count(*) FILTER (WHERE v.visit_status <> 'skipped'), 0), 2)
    )`;
    if (values.includes('true') && values.includes('false')) return sql`true`;
    return values.includes('true') ? over : sql`NOT (${over})`;
  },
});
