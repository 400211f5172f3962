/**
 * A site's plan for print (issue 42): what the picture is drawn from, read here, and the picture
 * drawn on a heavy-work thread (./planPicture.ts) for the proposal and the snow season report.
 */
import { eq } from 'drizzle-orm';
import { planExtent } from '../../src/domain/sitePlan';
import type { Db } from '../db/connection';
import { photos } from '../db/tables/photos';
import { bufferOf } from '../work/featureTasks';
import type { HeavyWork } from '../work/heavyWork';
import { sitePlanPictureTask, type PlanPictureInput } from './planPicture';
import { readSitePlan } from './planStore';

/** What the site's plan picture is drawn from; null when the site has no plan with shapes. */
export async function planPictureInput(db: Db, siteID: number): Promise<PlanPictureInput | null> {
  const plan = await readSitePlan(db, siteID);
  if (!plan.shapes.features.length) return null;
  let image: Uint8Array | null = null;
  if (plan.imageID !== null) {
    const [photo] = await db.select({ large: photos.large }).from(photos).where(eq(photos.id, plan.imageID));
    image = photo?.large ?? null;
  }
  const extent = planExtent(image ? plan : { image: null });
  return { image, width: extent.width, height: extent.height, shapes: plan.shapes };
}

/**
 * The site's plan drawn as a PNG (at most 2,000 px a side), its shapes labelled with their names
 * and measures; null when the site has no plan with shapes. Takes one of the owner's heavy-work
 * slots while it draws.
 */
export async function sitePlanPicture(
  db: Db,
  heavyWork: HeavyWork,
  owner: string,
  siteID: number,
): Promise<{ png: Buffer; width: number; height: number } | null> {
  const input = await planPictureInput(db, siteID);
  if (!input) return null;
  const picture = await heavyWork.run(owner, sitePlanPictureTask, input);
  return { png: bufferOf(picture.png), width: picture.width, height: picture.height };
}
