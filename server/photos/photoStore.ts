/**
 * Photos kept in the database (issue 42): listed by what they are attached to, stored within the
 * office's quota, changed, deleted, and read one version at a time (the bytes are never read
 * with a list).
 */
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { photoMessages, type PhotoOwner, type PhotoRecord, type PhotoVersion } from '../../src/domain/photos';
import { estimates as estimateEntity, sites as siteEntity, workAreas as workAreaEntity } from '../../src/schema';
import { staleMessage } from '../../src/schema/validate';
import type { Db } from '../db/connection';
import { photos } from '../db/tables/photos';
import { snowVisits } from '../db/tables/snow';
import { getRecord, inTransaction } from '../crud/records';
import { conflict, HttpError, notFound } from '../errors';
import type { PhotoVersions } from './photoVersions';

export type PhotoRow = Omit<typeof photos.$inferSelect, 'original' | 'large' | 'thumb'>;

/** Every column but the bytes. */
const described = (() => {
  const { original: _original, large: _large, thumb: _thumb, ...columns } = getTableColumns(photos);
  return columns;
})();

const ownerColumn = {
  sites: photos.siteID,
  estimates: photos.estimateID,
  workAreas: photos.workAreaID,
  snowVisits: photos.snowVisitID,
} as const;
const ownerField = { sites: 'siteID', estimates: 'estimateID', workAreas: 'workAreaID', snowVisits: 'snowVisitID' } as const;
const ownerEntity = { sites: siteEntity, estimates: estimateEntity, workAreas: workAreaEntity } as const;

export const photoEntity = { singular: 'photo' };

export function photoRecord(row: PhotoRow): PhotoRecord {
  return {
    id: row.id,
    siteID: row.siteID,
    estimateID: row.estimateID,
    workAreaID: row.workAreaID,
    snowVisitID: row.snowVisitID,
    caption: row.caption,
    order: row.sortOrder,
    printOnProposal: row.printOnProposal,
    contentType: row.contentType as PhotoRecord['contentType'],
    fileName: row.fileName,
    width: row.width,
    height: row.height,
    takenAt: row.takenAt?.toISOString() ?? null,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** 404 unless the record photos are attached to exists. */
export async function checkOwner(db: Db, owner: PhotoOwner, id: number): Promise<void> {
  if (owner !== 'snowVisits') {
    await getRecord(db, ownerEntity[owner], id);
    return;
  }
  const [visit] = await db.select({ id: snowVisits.id }).from(snowVisits).where(eq(snowVisits.id, id));
  if (!visit) throw notFound('Log entry not found.');
}

export async function photoRows(db: Db, where: SQL | undefined): Promise<PhotoRow[]> {
  return db
    .select(described)
    .from(photos)
    .where(and(eq(photos.purpose, 'photo'), where))
    .orderBy(asc(photos.sortOrder), asc(photos.id));
}

export const ownerPhotos = async (db: Db, owner: PhotoOwner, id: number) =>
  (await photoRows(db, eq(ownerColumn[owner], id))).map(photoRecord);

const quotaFull = (quotaBytes: number) =>
  new HttpError(413, photoMessages.quotaFull(quotaBytes), { file: photoMessages.quotaFull(quotaBytes) });

/** What every stored photo and plan image take, all versions counted. */
async function usedBytes(db: Db): Promise<number> {
  const [row] = await db.select({ used: sql<string>`coalesce(sum(${photos.bytes}), 0)` }).from(photos);
  return Number(row.used);
}

export interface NewPhoto {
  owner: PhotoOwner;
  ownerID: number;
  purpose?: 'photo' | 'plan';
  fileName: string;
  made: PhotoVersions;
  createdBy: number | null;
  now: Date;
}

/**
 * Keeps one photo, within the quota: the office's use and the insert are taken under one lock,
 * so two uploads at once cannot both pass the last of the room. A photo joins the end of its gallery.
 */
export async function storePhoto(db: Db, photo: NewPhoto, quotaBytes: number): Promise<PhotoRow> {
  const { made } = photo;
  const bytes = made.original.length + made.large.length + made.thumb.length;
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('photo quota'))`);
    if ((await usedBytes(tx)) + bytes > quotaBytes)
      throw new HttpError(413, photoMessages.quotaFull(quotaBytes), { file: photoMessages.quotaFull(quotaBytes) });
    const column = ownerColumn[photo.owner];
    const [last] = await tx
      .select({ order: sql<number | null>`max(${photos.sortOrder})` })
      .from(photos)
      .where(eq(column, photo.ownerID));
    const [row] = await tx
      .insert(photos)
      .values({
        [ownerField[photo.owner]]: photo.ownerID,
        purpose: photo.purpose ?? 'photo',
        fileName: photo.fileName.slice(0, 255),
        sortOrder: last?.order === null || last?.order === undefined ? 0 : Number(last.order) + 1,
        contentType: made.contentType,
        width: made.width,
        height: made.height,
        largeWidth: made.largeWidth,
        largeHeight: made.largeHeight,
        takenAt: made.takenAt,
        bytes,
        original: made.original,
        large: made.large,
        thumb: made.thumb,
        createdAt: photo.now,
        createdBy: photo.createdBy,
      })
      .returning(described);
    return row;
  });
}

/** Copies photos of an estimate's site to the estimate (bytes and all), within the quota, after its own photos. */
export async function copySitePhotos(db: Db, estimateID: number, photoIDs: number[], quotaBytes: number, now: Date, userID: number | null) {
  const estimate = await getRecord(db, estimateEntity, estimateID);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('photo quota'))`);
    const sources = await tx
      .select({ id: photos.id, bytes: photos.bytes })
      .from(photos)
      .where(and(eq(photos.siteID, Number(estimate.siteID)), eq(photos.purpose, 'photo'), inArray(photos.id, photoIDs)));
    if (sources.length !== photoIDs.length) throw new HttpError(400, photoMessages.sitePhotos, { photoIDs: photoMessages.sitePhotos });
    const adding = sources.reduce((sum, source) => sum + source.bytes, 0);
    if ((await usedBytes(tx)) + adding > quotaBytes) throw quotaFull(quotaBytes);
    const [last] = await tx
      .select({ order: sql<number | null>`max(${photos.sortOrder})` })
      .from(photos)
      .where(eq(photos.estimateID, estimateID));
    const first = last?.order === null || last?.order === undefined ? 0 : Number(last.order) + 1;
    const copied: number[] = [];
    for (const [index, id] of photoIDs.entries()) {
      const result = await tx.execute(sql`
        insert into photos (photo_estimate_id, photo_purpose, photo_caption, photo_sort_order, photo_print_on_proposal,
          photo_content_type, photo_file_name, photo_width, photo_height, photo_large_width, photo_large_height,
          photo_taken_at, photo_bytes, photo_original, photo_large, photo_thumb, photo_created_at, photo_created_by)
        select ${estimateID}, 'photo', photo_caption, ${first + index}, false,
          photo_content_type, photo_file_name, photo_width, photo_height, photo_large_width, photo_large_height,
          photo_taken_at, photo_bytes, photo_original, photo_large, photo_thumb, ${now}, ${userID}
        from photos where photo_id = ${id}
        returning photo_id`);
      copied.push(Number((result as unknown as { rows: { photo_id: number }[] }).rows[0].photo_id));
    }
    return (await photoRows(tx, inArray(photos.id, copied))).map(photoRecord);
  });
}

/** Removes photos stored by an upload that was refused part-way (an upload keeps all or none). */
export async function forgetPhotos(db: Db, ids: number[]): Promise<void> {
  for (const id of ids) await db.delete(photos).where(eq(photos.id, id));
}

export async function photoRow(db: Db, id: number): Promise<PhotoRow> {
  const [row] = await db.select(described).from(photos).where(eq(photos.id, id));
  if (!row) throw notFound('Photo not found.');
  return row;
}

export async function updatePhoto(
  db: Db,
  id: number,
  change: { caption?: string; order?: number; printOnProposal?: boolean; version: number },
): Promise<PhotoRecord> {
  const current = await photoRow(db, id);
  const [row] = await db
    .update(photos)
    .set({
      caption: change.caption ?? current.caption,
      sortOrder: change.order ?? current.sortOrder,
      printOnProposal: change.printOnProposal ?? current.printOnProposal,
      version: sql`${photos.version} + 1`,
    })
    .where(and(eq(photos.id, id), eq(photos.version, change.version)))
    .returning(described);
  if (!row) throw conflict(staleMessage(photoEntity));
  return photoRecord(row);
}

export async function deletePhoto(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(photos).where(eq(photos.id, id)).returning({ id: photos.id });
  if (!deleted.length) throw notFound('Photo not found.');
}

/** One version's bytes and type. */
export async function photoBytes(
  db: Db,
  id: number,
  version: PhotoVersion,
): Promise<{ bytes: Buffer; contentType: string; fileName: string } | undefined> {
  const [row] = await db
    .select({ bytes: photos[version], contentType: photos.contentType, fileName: photos.fileName })
    .from(photos)
    .where(eq(photos.id, id));
  if (!row) return undefined;
  return { bytes: row.bytes, contentType: version === 'original' ? row.contentType : 'image/jpeg', fileName: row.fileName };
}
