import { estimates } from '../../src/schema';
import { INT4_MAX, invalidMessage, maxMessage } from '../../src/schema/validate';
import {
  catalogueUnitPrice,
  renamedProject,
  renewalPercentError,
  renewedUnitPrice,
  RENEWAL_MAX_ESTIMATES,
  RENEWAL_PRICING_MODES,
  type RenewalPricingMode,
} from '../../src/domain/renewal';
import type { Db } from '../db/connection';
import { formInvalid } from '../errors';
import type { WriteContext } from '../crud/hookTypes';
import { loadCatalogue } from './catalogueLines';
import { copyEstimates, lockSourceEstimates, sourceAreas, type CopyPlan, type SourceItem } from './copyEstimates';

type Row = Record<string, unknown>;

export interface RenewalRequest {
  estimateIDs: number[];
  pricing: { mode: 'percent'; percent: number } | { mode: 'catalogue' };
  projectName?: { replace: string; with: string };
}

export interface RenewalResult {
  created: { from: number; id: number; unchanged?: string[] }[];
}

const projectNameField = estimates.field('projectName')!;

export const renewalRequestMessages = {
  estimateIDsRequired: 'Choose at least one estimate to renew.',
  estimateIDsTooMany: `At most ${RENEWAL_MAX_ESTIMATES} estimates can be renewed at once.`,
  pricingRequired: 'Pricing is required.',
  modeInvalid: `Pricing must be one of: ${RENEWAL_PRICING_MODES.join(', ')}.`,
  replaceRequired: 'The text to replace is required.',
} as const;

/** A value as a message may quote it: short, printable. */
const quoted = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 24 ? `${text.slice(0, 24)}…` : text;
};

function parseIds(raw: unknown, errors: Record<string, string>): number[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    errors.estimateIDs = renewalRequestMessages.estimateIDsRequired;
    return [];
  }
  if (raw.length > RENEWAL_MAX_ESTIMATES) {
    errors.estimateIDs = renewalRequestMessages.estimateIDsTooMany;
    return [];
  }
  const seen = new Set<number>();
  for (const id of raw) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > INT4_MAX) {
      errors.estimateIDs = `Estimate id ${quoted(id)} is invalid.`;
      return [];
    }
    if (seen.has(id)) {
      errors.estimateIDs = `Estimate ${id} is listed twice.`;
      return [];
    }
    seen.add(id);
  }
  return [...seen];
}

/** One text of the name replacement: a string without NUL that fits a project name. */
function nameText(raw: unknown, key: string, label: string, errors: Record<string, string>, required: boolean): string {
  const field = { ...projectNameField, label };
  if (raw === undefined || raw === null || raw === '') {
    if (required) errors[key] = renewalRequestMessages.replaceRequired;
    return '';
  }
  if (typeof raw !== 'string' || raw.includes('\u0000')) errors[key] = invalidMessage(field);
  else if (raw.length > projectNameField.max!) errors[key] = maxMessage(field);
  return typeof raw === 'string' ? raw : '';
}

/**
 * The body of a renewal, checked whole before anything is read: 400 naming every bad field
 * (`estimateIDs`, `pricing.mode`, `pricing.percent`, `projectName.replace`, `projectName.with`).
 */
export function parseRenewalRequest(body: Row): RenewalRequest {
  const errors: Record<string, string> = {};
  const estimateIDs = parseIds(body.estimateIDs, errors);
  const pricingRaw = body.pricing;
  let pricing: RenewalRequest['pricing'] = { mode: 'catalogue' };
  if (pricingRaw === null || typeof pricingRaw !== 'object' || Array.isArray(pricingRaw)) {
    errors['pricing.mode'] = renewalRequestMessages.pricingRequired;
  } else {
    const { mode, percent } = pricingRaw as Row;
    if (!(RENEWAL_PRICING_MODES as readonly unknown[]).includes(mode)) errors['pricing.mode'] = renewalRequestMessages.modeInvalid;
    else if ((mode as RenewalPricingMode) === 'percent') {
      const error = renewalPercentError(percent);
      if (error) errors['pricing.percent'] = error;
      pricing = { mode: 'percent', percent: percent as number };
    }
  }
  let projectName: RenewalRequest['projectName'];
  if (body.projectName !== undefined && body.projectName !== null) {
    const raw = body.projectName;
    if (typeof raw !== 'object' || Array.isArray(raw)) errors['projectName.replace'] = renewalRequestMessages.replaceRequired;
    else {
      const { replace, with: replacement } = raw as Row;
      projectName = {
        replace: nameText(replace, 'projectName.replace', 'The text to replace', errors, true),
        with: nameText(replacement, 'projectName.with', 'The replacement', errors, false),
      };
    }
  }
  if (Object.keys(errors).length) throw formInvalid(errors);
  return { estimateIDs, pricing, ...(projectName ? { projectName } : {}) };
}

/**
 * `POST /api/estimates/renew`: one copy of each estimate on its own site (./copyEstimates.ts,
 * the duplicate's code: In Progress, the signed-in user as salesperson and estimator), all in
 * the caller's transaction, so a renewal is all or nothing. Prices: every item's unit price
 * by the percent (src/domain/renewal.ts renewedUnitPrice), or, by the catalogue, the items
 * that came from it re-read at today's price with its size rules (catalogueUnitPrice); the
 * others keep their price and are listed per copy as `unchanged`. A work-area item knows its
 * catalogue item by `itemID` (set when picked from the catalogue or a template, cleared when
 * that catalogue item is deleted), never by its name, which the office may have changed.
 * Project names: every occurrence of `replace` replaced; a result past the field's limit is a
 * 400. An unknown estimate id is a 400 naming it, and nothing is created.
 */
export async function renewEstimates(tx: Db, request: RenewalRequest, context: WriteContext): Promise<RenewalResult> {
  const { estimateIDs, pricing, projectName } = request;
  const sources = await lockSourceEstimates(tx, estimateIDs);
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
