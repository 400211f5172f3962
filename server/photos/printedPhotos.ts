/**
 * What a proposal prints of photos and the site plan (issue 42): which ones (frozen with a sent
 * proposal's snapshot, by id), and their images attached just before the document is made
 * (never kept in a snapshot). The heavy-work thread then brings each to print resolution
 * (server/documents/photoPages.ts).
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { photos, sitePlans } from '../db/tables/photos';
import type { PrintedPhoto, PrintedPlan, ProposalData } from '../documents/documentData';
import type { HeavyWork } from '../work/heavyWork';
import { sitePlanPicture } from '../sitePlans/planPrint';

export interface ProposalPhotos {
  estimate: PrintedPhoto[];
  byArea: Map<number, PrintedPhoto[]>;
}

/** The estimate's and its areas' photos marked for the proposal, in gallery order. */
export async function printedPhotos(db: Db, estimateID: number, areaIDs: number[]): Promise<ProposalPhotos> {
  const rows = await db
    .select({
      id: photos.id,
      caption: photos.caption,
      width: photos.largeWidth,
      height: photos.largeHeight,
      estimateID: photos.estimateID,
      workAreaID: photos.workAreaID,
    })
    .from(photos)
    .where(
      and(
        eq(photos.printOnProposal, true),
        eq(photos.purpose, 'photo'),
        areaIDs.length ? or(eq(photos.estimateID, estimateID), inArray(photos.workAreaID, areaIDs)) : eq(photos.estimateID, estimateID),
      ),
    )
    .orderBy(asc(photos.sortOrder), asc(photos.id));
  const byArea = new Map<number, PrintedPhoto[]>();
  const estimate: PrintedPhoto[] = [];
  for (const { estimateID: ofEstimate, workAreaID, ...photo } of rows) {
    if (ofEstimate !== null) estimate.push(photo);
    else if (workAreaID !== null) byArea.set(workAreaID, [...(byArea.get(workAreaID) ?? []), photo]);
  }
  return { estimate, byArea };
}

/** The site's plan when it is marked to print on proposals and has something drawn on it. */
export async function printedPlan(db: Db, siteID: number | null | undefined): Promise<PrintedPlan | null> {
  if (!siteID) return null;
  const [plan] = await db
    .select({ shapes: sitePlans.shapes, print: sitePlans.printOnProposal })
    .from(sitePlans)
    .where(eq(sitePlans.siteID, siteID));
  const features = (plan?.shapes as { features?: unknown[] } | undefined)?.features;
  return plan?.print && Array.isArray(features) && features.length ? { siteID } : null;
}

/** The site plan drawn with its shapes, as a PNG (server/sitePlans/planPicture.ts); null when there is none to draw. */
export type DrawPlan = (siteID: number) => Promise<{ png: Uint8Array; width: number; height: number } | null>;

/** How a document made for `owner` draws a site plan: on a heavy-work thread, as that owner's work. */
export const planDrawer =
  (db: Db, heavyWork: HeavyWork, owner: string): DrawPlan =>
  (siteID) =>
    sitePlanPicture(db, heavyWork, owner, siteID);

/** The proposal's data with each printed photo's large image and the drawn plan attached (photos deleted since are left out). */
export async function withPrintImages(db: Db, data: ProposalData, drawPlan: DrawPlan): Promise<ProposalData> {
  const wanted = [...(data.photos ?? []), ...data.areas.flatMap((area) => area.photos ?? [])].map((photo) => photo.id);
  const images = new Map<number, Uint8Array>();
  if (wanted.length) {
    const rows = await db.select({ id: photos.id, large: photos.large }).from(photos).where(inArray(photos.id, wanted));
    for (const row of rows) images.set(row.id, row.large);
  }
  const attach = (list: PrintedPhoto[] | undefined) =>
    (list ?? []).flatMap((photo) => (images.has(photo.id) ? [{ ...photo, image: images.get(photo.id) }] : []));
  const drawn = data.plan ? await drawPlan(data.plan.siteID) : null;
  return {
    ...data,
    photos: attach(data.photos),
    areas: data.areas.map((area) => ({ ...area, photos: attach(area.photos) })),
    plan: drawn && data.plan ? { siteID: data.plan.siteID, image: drawn.png, width: drawn.width, height: drawn.height } : null,
  };
}
