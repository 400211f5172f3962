import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import type { WriteContext } from '../crud/hookTypes';
import { starterSnowSheet } from '../../src/domain/snowStarter';
import type { TemplateCategory } from '../../src/domain/templates';
import { catalogueLine, loadCatalogue } from './catalogueLines';
import { lockEstimateForChange } from './locks';
import { addPricedAreas, type AreaDraft } from './pricedAreas';

/**
 * The work areas of a template category (in the template's order), their items priced from
 * the catalogue and its size rules at this moment, all with the given tax.
 */
export async function templateDrafts(tx: Db, category: string, tax: string): Promise<AreaDraft[]> {
  const areaTable = tables.templateAreas;
  const itemTable = tables.templateItems;
  const areas = await tx
    .select()
    .from(areaTable)
    .where(eq(areaTable.category, category))
    .orderBy(asc(areaTable.position), asc(areaTable.id));
  const areaIds = areas.map((a) => a.id);
  const lines = areaIds.length
    ? await tx.select().from(itemTable).where(inArray(itemTable.templateAreaID, areaIds)).orderBy(asc(itemTable.id))
    : [];
  const catalogue = await loadCatalogue(tx, [...new Set(lines.map((l) => l.itemID as number))]);
  return areas.map((area) => {
    const items = lines
      .filter((line) => line.templateAreaID === area.id)
      .map((line) => catalogueLine(catalogue.get(line.itemID as number)!, line.size as number | null, line.quantity as number));
    // The SNOW template's areas are priced as snow (issue 41).
    const snowPricing = category === ('SNOW' satisfies TemplateCategory) ? starterSnowSheet(String(area.name), items) : null;
    return { name: area.name, tax, isIncluded: true, snowPricing, items };
  });
}

/** Adds a template's work areas to an estimate (under its lock); answers their ids in order. */
export async function generateFromTemplate(
  tx: Db,
  { estimateID, category, tax }: { estimateID: number; category: string; tax: string },
  context: WriteContext,
): Promise<number[]> {
  await lockEstimateForChange(tx, estimateID);
  return addPricedAreas(tx, estimateID, await templateDrafts(tx, category, tax), context);
}
