import { and, asc, eq, inArray } from 'drizzle-orm';
import { customers, estimates, sites } from '../../src/schema';
import { PRINTABLE_ENTITIES, printedCustomValues, type CustomFieldDefinition } from '../../src/schema/customFields';
import { customFieldsOf } from '../db/customFieldDefinitions';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { users } from '../db/tables/users';
import { findRecord, getRecord } from '../crud/records';
import { readCompanyLogo } from '../company/companyLogoStore';
import { logoDataUrl } from '../company/logoCheck';
import { readCompanyProfile } from '../company/companyProfileStore';
import { badRequest } from '../errors';
import { printedPhotos, printedPlan } from '../photos/printedPhotos';
import { parseSnowPricing, type SnowPricing } from '../../src/domain/snowPricing';
import type {
  DocumentHeading,
  Letterhead,
  MaterialLine,
  MaterialsData,
  Party,
  ProposalData,
  ProposalTerm,
  Salesperson,
} from '../documents/documentData';

type Row = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const amount = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number(value) || 0);

function party(row: Row | undefined, definitions: readonly CustomFieldDefinition[] = []): Party {
  return {
    ...(row && definitions.length ? { printed: printedCustomValues(definitions, row.custom) } : {}),
    name: text(row?.name) ?? '',
    address1: text(row?.address1),
    address2: text(row?.address2),
    city: text(row?.city),
    state: text(row?.state),
    zip: text(row?.zip),
  };
}

export async function loadLetterhead(db: Db): Promise<Letterhead> {
  const [profile, logo] = await Promise.all([readCompanyProfile(db), readCompanyLogo(db)]);
  return {
    ...party(profile),
    phone: text(profile.phone),
    email: text(profile.email),
    website: text(profile.website),
    logo: logo ? logoDataUrl(logo) : null,
  };
}

/**
 * The salesperson as the client reads them: their name, and their phone and email — each the
 * company's where they have none (issue 35: a client always has a way to reach someone).
 */
function salespersonParty(
  user: { firstName: string; lastName: string; email: string | null; phone: string | null },
  company: Letterhead,
): Salesperson {
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    phone: text(user.phone) ?? company.phone ?? null,
    email: text(user.email) ?? company.email ?? null,
  };
}

/** The estimate (404 when unknown) and who and what it is about. */
async function loadHeading(db: Db, estimateID: number): Promise<{ heading: DocumentHeading; estimate: Row }> {
  const estimate = await getRecord(db, estimates, estimateID);
  const site = await findRecord(db, sites, estimate.siteID as number);
  // The estimate's customer is its site's (the estimate is never moved to another site).
  const customerID = (estimate.customerID ?? site?.customerID) as number | undefined;
  const [customer, company, [salesperson], [customerFields, siteFields, estimateFields]] = await Promise.all([
    customerID ? findRecord(db, customers, customerID) : undefined,
    loadLetterhead(db),
    db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
      .from(users)
      .where(eq(users.id, estimate.salesperson as number)),
    Promise.all(PRINTABLE_ENTITIES.map((entity) => customFieldsOf(db, entity))),
  ]);
  return {
    estimate,
    heading: {
      company,
      estimate: {
        number: estimate.number as number,
        revision: estimate.revision as number,
        createdAt: estimate.createdAt as Date,
        projectName: String(estimate.projectName ?? ''),
        discount: amount(estimate.discount),
        printed: printedCustomValues(estimateFields, estimate.custom),
      },
      customer: party(customer, customerFields),
      site: party(site, siteFields),
      salesperson: salesperson && salespersonParty(salesperson, company),
    },
  };
}

/** The included work areas of an estimate, in the work areas panel's order (by id). */
async function includedAreas(db: Db, estimateID: number): Promise<Row[]> {
  const table = tables.workAreas;
  return db
    .select()
    .from(table)
    .where(and(eq(table.estimateID, estimateID), eq(table.isIncluded, true)))
    .orderBy(asc(table.id));
}

/** The terms with these ids, in this order; an id that names no term is a 400. */
export async function loadTerms(db: Db, termIDs: readonly number[]): Promise<ProposalTerm[]> {
  if (!termIDs.length) return [];
  const table = tables.termsConditions;
  const rows = await db
    .select()
    .from(table)
    .where(inArray(table.id, [...termIDs]));
  const byId = new Map(rows.map((row) => [row.id as number, row]));
  const unknown = termIDs.filter((id) => !byId.has(id));
  if (unknown.length) {
    throw badRequest(
      `tcIDs names ${unknown.length === 1 ? 'a term & condition that does not' : 'terms & conditions that do not'} exist: ${unknown.join(', ')}.`,
    );
  }
  return termIDs.map((id) => {
    const row = byId.get(id)!;
    return { name: String(row.name ?? ''), content: text(row.content) };
  });
}

/** A work area's stored snow sheet as the proposal prints it; null for a plain area (or one stored before the sheets' rules). */
function storedSheet(value: unknown): SnowPricing | null {
  const parsed = parseSnowPricing(value);
  return 'value' in parsed ? parsed.value : null;
}

/** Everything a proposal shows, from stored figures (the server keeps subtotals current). */
export async function loadProposalData(db: Db, estimateID: number, termIDs: readonly number[]): Promise<ProposalData> {
  const { heading, estimate } = await loadHeading(db, estimateID);
  const [areas, terms] = await Promise.all([includedAreas(db, estimateID), loadTerms(db, termIDs)]);
  const [photos, plan] = await Promise.all([
    printedPhotos(
      db,
      estimateID,
      areas.map((area) => area.id as number),
    ),
    printedPlan(db, estimate.siteID as number),
  ]);
  return {
    ...heading,
    areas: areas.map((area) => ({
      id: area.id as number,
      name: String(area.name ?? ''),
      tax: String(area.tax ?? ''),
      notes: text(area.notes),
      subtotal: amount(area.subtotal),
      snowPricing: storedSheet(area.snowPricing),
      // Issue 42: only when there are some, so that proposals without photos freeze what they always did.
      ...(photos.byArea.has(area.id as number) ? { photos: photos.byArea.get(area.id as number) } : {}),
    })),
    terms,
    ...(photos.estimate.length ? { photos: photos.estimate } : {}),
    ...(plan ? { plan } : {}),
  };
}

/** Everything a materials list shows: the items of the included areas (with their kind, catalogue item and crew hours), grouped by area. */
export async function loadMaterialsData(db: Db, estimateID: number): Promise<MaterialsData> {
  const { heading } = await loadHeading(db, estimateID);
  const areas = await includedAreas(db, estimateID);
  if (!areas.length) return { ...heading, areas: [] };
  const itemTable = tables.workAreaItems;
  const catalogue = tables.items;
  const items = await db
    .select({
      workAreaID: itemTable.workAreaID,
      name: itemTable.name,
      size: itemTable.size,
      quantity: itemTable.quantity,
      units: itemTable.units,
      itemID: itemTable.itemID,
      kind: itemTable.kind,
      laborHours: itemTable.laborHours,
      itemName: catalogue.name,
    })
    .from(itemTable)
    .leftJoin(catalogue, eq(itemTable.itemID, catalogue.id))
    .where(
      inArray(
        itemTable.workAreaID,
        areas.map((area) => area.id as number),
      ),
    )
    .orderBy(asc(itemTable.id));
  const byArea = new Map<unknown, MaterialLine[]>(areas.map((area) => [area.id, []]));
  for (const item of items) {
    byArea.get(item.workAreaID)?.push({
      name: String(item.name ?? ''),
      size: item.size === null || item.size === undefined ? null : amount(item.size),
      quantity: amount(item.quantity),
      units: text(item.units),
      itemID: item.itemID,
      itemName: item.itemName,
      kind: item.kind,
      laborHours: amount(item.laborHours),
    });
  }
  return { ...heading, areas: areas.map((area) => ({ name: String(area.name ?? ''), items: byArea.get(area.id) ?? [] })) };
}
