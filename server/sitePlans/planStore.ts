/**
 * A site's plan read and saved whole (issue 42). The body arrives checked and measured
 * (src/schema/actions/sitePlans.ts); here the image is looked up among the site's plan images and
 * the version compared, in one transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { emptySitePlan, type PlanShapes, type SitePlan } from '../../src/domain/sitePlan';
import { sites as siteEntity } from '../../src/schema';
import { sitePlanMessages, type SitePlanChange } from '../../src/schema/actions/sitePlans';
import { staleMessage } from '../../src/schema/validate';
import type { Db } from '../db/connection';
import { sites } from '../db/entityTables';
import { photos, sitePlans } from '../db/tables/photos';
import { inTransaction } from '../crud/records';
import { conflict, formInvalid, notFound, notFoundMessage } from '../errors';

const sitePlanEntity = { singular: 'site plan' };

async function assertSite(db: Db, siteID: number): Promise<void> {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteID));
  if (!site) throw notFound(notFoundMessage(siteEntity));
}

/** The stored plan with its image's size, or null when the site has none saved. */
async function storedPlan(db: Db, siteID: number): Promise<SitePlan | null> {
  const [row] = await db
    .select({ plan: sitePlans, width: photos.largeWidth, height: photos.largeHeight })
    .from(sitePlans)
    .leftJoin(photos, eq(photos.id, sitePlans.imageID))
    .where(eq(sitePlans.siteID, siteID));
  if (!row) return null;
  const { plan } = row;
  return {
    siteID,
    imageID: plan.imageID,
    image: plan.imageID !== null && row.width !== null && row.height !== null ? { width: row.width, height: row.height } : null,
    feetPerUnit: plan.feetPerUnit,
    shapes: plan.shapes as PlanShapes,
    printOnProposal: plan.printOnProposal,
    version: plan.version,
  };
}

/** A site's plan; an empty one at version 0 when none was saved (404 for an unknown site). */
export async function readSitePlan(db: Db, siteID: number): Promise<SitePlan> {
  await assertSite(db, siteID);
  return (await storedPlan(db, siteID)) ?? emptySitePlan(siteID);
}

/** Whether the photo is a plan image of the site. */
async function isPlanImageOf(db: Db, photoID: number, siteID: number): Promise<boolean> {
  const [photo] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoID), eq(photos.siteID, siteID), eq(photos.purpose, 'plan')));
  return Boolean(photo);
}

/**
 * Saves the plan sent with the version it was read at: 409 when that is no longer the stored
 * one (nothing written). An omitted image or print choice keeps the stored one.
 */
export async function writeSitePlan(db: Db, siteID: number, change: SitePlanChange, userID: number | null): Promise<SitePlan> {
  return inTransaction(db, async (tx) => {
    await assertSite(tx, siteID);
    const [stored] = await tx.select().from(sitePlans).where(eq(sitePlans.siteID, siteID)).for('update');
    if ((stored?.version ?? 0) !== change.version) throw conflict(staleMessage(sitePlanEntity));
    const imageID = change.imageID === undefined ? (stored?.imageID ?? null) : change.imageID;
    if (imageID !== null && !(await isPlanImageOf(tx, imageID, siteID))) throw formInvalid({ imageID: sitePlanMessages.imageID });
    const values = {
      imageID,
      feetPerUnit: change.feetPerUnit,
      shapes: change.shapes,
      printOnProposal: change.printOnProposal ?? stored?.printOnProposal ?? false,
      updatedAt: sql`now()`,
      updatedBy: userID,
    };
    if (stored) {
      await tx
        .update(sitePlans)
        .set({ ...values, version: sql`${sitePlans.version} + 1` })
        .where(eq(sitePlans.siteID, siteID));
    } else {
      // Two first saves at once: the second finds the row the first made.
      const made = await tx
        .insert(sitePlans)
        .values({ siteID, ...values, version: 1 })
        .onConflictDoNothing()
        .returning({ siteID: sitePlans.siteID });
      if (!made.length) throw conflict(staleMessage(sitePlanEntity));
    }
    return (await storedPlan(tx, siteID))!;
  });
}
