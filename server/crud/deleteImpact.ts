import { and, count, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { entities, type Entity } from '../../src/schema';
import type { DeleteImpact, DeleteImpactPart } from '../../src/domain/deleteImpact';
import type { Db } from '../db/connection';
import { tableOf } from '../db/entityTables';
import { siteServices } from '../db/tables/siteServices';
import { proposals } from '../db/tables/proposals';

/** Rows of tables that are not entities of their own, deleted with a parent entity's row. */
interface LinkedRows {
  parent: string;
  column: PgColumn;
  table: PgTable;
  part: Omit<DeleteImpactPart, 'count'>;
  /** Only the rows matching this count. */
  where?: SQL;
  /** These rows stop the delete instead of going with it. */
  blocks?: boolean;
}

const serviceAssignment = { name: 'siteServices', singular: 'service assignment', plural: 'service assignments' };
const linkedRows: LinkedRows[] = [
  { parent: 'sites', table: siteServices, column: siteServices.siteID, part: serviceAssignment },
  { parent: 'services', table: siteServices, column: siteServices.serviceID, part: serviceAssignment },
  // A signed contract is kept: its estimate is archived, never deleted (issue 35).
  {
    parent: 'estimates',
    table: proposals,
    column: proposals.estimateID,
    where: eq(proposals.status, 'accepted'),
    blocks: true,
    part: {
      name: 'signedProposals',
      singular: 'signed proposal',
      plural: 'signed proposals',
      remedy: 'Archive it instead.',
    },
  },
  // Other sent proposals (issue 22) go with their estimate: the question says so.
  {
    parent: 'estimates',
    table: proposals,
    column: proposals.estimateID,
    where: ne(proposals.status, 'accepted'),
    part: { name: 'proposals', singular: 'sent proposal', plural: 'sent proposals' },
  },
];

/** What depends on some rows of an entity: rows deleted with them (by id), and rows that forbid it. */
export interface Dependents {
  cascaded: Map<Entity, Set<number>>;
  linked: Map<string, { part: LinkedRows['part']; count: number }>;
  blockers: Map<Entity, Set<number>>;
  linkedBlockers: Map<string, { part: LinkedRows['part']; count: number }>;
}

const addIds = (map: Map<Entity, Set<number>>, entity: Entity, ids: number[]) => {
  const seen = map.get(entity) ?? new Set<number>();
  for (const id of ids) seen.add(id);
  map.set(entity, seen);
};

/**
 * Follows the declared references to `entity`: `cascade` children go with it (and so do
 * theirs), `restrict` children — found through cascaded ones too (a customer's sites go with
 * it, their estimates do not) — stop the delete. A row reachable twice counts once.
 */
export async function findDependents(
  db: Db,
  entity: Entity,
  ids: number[],
  found: Dependents = { cascaded: new Map(), linked: new Map(), blockers: new Map(), linkedBlockers: new Map() },
): Promise<Dependents> {
  if (!ids.length) return found;
  for (const child of entities) {
    for (const f of child.resolved) {
      if (f.kind !== 'reference' || f.references?.entity !== entity.name) continue;
      const table = tableOf(child.name);
      const rows = await db.select({ id: table.id }).from(table).where(inArray(table[f.name], ids));
      if (!rows.length) continue;
      const childIds = rows.map((r) => r.id as number);
      if (f.references.onDelete === 'restrict') addIds(found.blockers, child, childIds);
      else if (f.references.onDelete === 'cascade' && child.name !== entity.name) {
        addIds(found.cascaded, child, childIds);
        await findDependents(db, child, childIds, found);
      }
    }
  }
  for (const linked of linkedRows.filter((l) => l.parent === entity.name)) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(linked.table)
      .where(and(inArray(linked.column, ids), linked.where));
    const sums = linked.blocks ? found.linkedBlockers : found.linked;
    const entry = sums.get(linked.part.name) ?? { part: linked.part, count: 0 };
    entry.count += Number(n);
    if (entry.count) sums.set(linked.part.name, entry);
  }
  return found;
}

const partOf = (entity: Entity, rows: Set<number>): DeleteImpactPart => ({
  name: entity.name,
  singular: entity.singular,
  plural: entity.plural,
  count: rows.size,
});

/** The answer of GET /api/<resource>/:id/deleteImpact: what a delete would take along, or what stops it. */
export function describeDependents(dependents: Dependents): DeleteImpact {
  return {
    deletes: [
      ...[...dependents.cascaded].map(([entity, rows]) => partOf(entity, rows)),
      ...[...dependents.linked.values()].map(({ part, count }) => ({ ...part, count })),
    ],
    blockedBy: [
      ...[...dependents.blockers].map(([entity, rows]) => partOf(entity, rows)),
      ...[...dependents.linkedBlockers.values()].map(({ part, count }) => ({ ...part, count })),
    ],
  };
}
