import { catalogueUnitPrice, renamedProject, renewedUnitPrice, type RenewalResult } from '../../src/domain/renewal';
import type { RenewalRequest } from '../../src/schema/actions/estimateCopies';
import type { Db } from '../db/connection';
import { formInvalid } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { loadCatalogue } from './catalogueLines';
import { copyEstimates, lockSourceEstimates, sourceAreas, type CopyPlan, type SourceItem } from './copyEstimates';

import { estimates } from '../../src/schema';

const projectNameField = estimates.field('projectName')!;

type Sources = Awaited<ReturnType<typeof lockSourceEstimates>>;

/**
 * The renewed project names, by estimate; a 400 naming the field when an estimate does not
 * exist or a name would not fit. The request checks this before it queues the renewal, and the
 * job again under its locks.
 */
function renewedNames(sources: Sources, { estimateIDs, projectName }: RenewalRequest): Map<number, string> {
  const missing = estimateIDs.filter((id) => !sources.has(id));
  if (missing.length) {
    const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
    throw formInvalid({
      estimateIDs: `${missing.length === 1 ? 'Estimate' : 'Estimates'} ${shown} ${missing.length === 1 ? 'does' : 'do'} not exist.`,
    });
  }
  const names = new Map(
    estimateIDs.map((id) => {
      const name = sources.get(id)!.projectName;
      return [id, projectName ? renamedProject(name, projectName.replace, projectName.with) : name];
    }),
  );
  const tooLong = estimateIDs.find((id) => names.get(id)!.length > projectNameField.max!);
  if (tooLong !== undefined) {
    throw formInvalid({
      'projectName.with': `The project name of estimate #${sources.get(tooLong)!.number} would exceed ${projectNameField.max} characters.`,
    });
  }
  return names;
}

/** What can be checked before the renewal is queued: the estimates exist, the new names fit (400 otherwise). */
export async function checkRenewal(db: Db, request: RenewalRequest): Promise<void> {
  // Outside a transaction the statement's share lock ends with it: a read.
  renewedNames(await lockSourceEstimates(db, request.estimateIDs), request);
}

/**
 * The renewal's job (`POST /api/estimates/renew`): one copy of each estimate on its own site (./copyEstimates.ts,
 * the duplicate's code: In Progress, the signed-in user as salesperson and estimator), all in
 * the caller's transaction, so a renewal is all or nothing. Prices: every item's unit price
 * by the percent (src/domain/renewal.ts renewedUnitPrice), or, by the catalogue, the items
 * that came from it re-read at today's price with its size rules (catalogueUnitPrice); the
 * others keep their price and are listed per copy as `unchanged`. A work-area item knows its
 * catalogue item by `itemID` (set when picked from the catalogue or a template, cleared when
 * that catalogue item is deleted), never by its name, which the office may have changed.
 * Project names: every occurrence of `replace` replaced; a result past the field's limit is a
 * 400. An unknown estimate id is a 400 naming it, and nothing is created (in the job: it fails
 * saying so).
 */
export async function renewEstimates(tx: Db, request: RenewalRequest, context: WriteContext): Promise<RenewalResult> {
  const { estimateIDs, pricing } = request;
  const sources = await lockSourceEstimates(tx, estimateIDs);
  const names = renewedNames(sources, request);
  const areas = await sourceAreas(tx, estimateIDs);
  const unchanged = new Map<number, string[]>();
  let unitPrice: ((item: SourceItem) => number) | undefined;
  if (pricing.mode === 'percent') {
    unitPrice = (item) => renewedUnitPrice(item.unitPrice, pricing.percent);
  } else {
    const itemIDs = new Set<number>();
    for (const list of areas.values())
      for (const area of list) for (const item of area.items) if (item.itemID !== null) itemIDs.add(item.itemID);
    const catalogue = await loadCatalogue(tx, [...itemIDs]);
    for (const id of estimateIDs) {
      const names = (areas.get(id) ?? []).flatMap((area) =>
        area.items.filter((item) => item.itemID === null || !catalogue.has(item.itemID)),
      );
      unchanged.set(id, [...new Set(names.map((item) => item.name))]);
    }
    unitPrice = (item) => {
      const current = item.itemID === null ? undefined : catalogue.get(item.itemID);
      return current ? catalogueUnitPrice(current, item.size) : item.unitPrice;
    };
  }
  const plans: CopyPlan[] = estimateIDs.map((id) => ({
    from: id,
    siteID: sources.get(id)!.siteID,
    projectName: names.get(id)!,
    salesperson: context.userId!,
    estimator: context.userId!,
    unitPrice,
  }));
  const ids = await copyEstimates(tx, plans, { sources, areas }, context);
  return {
    created: estimateIDs.map((from, i) => ({
      from,
      id: ids[i],
      ...(pricing.mode === 'catalogue' ? { unchanged: unchanged.get(from)! } : {}),
    })),
  };
}
