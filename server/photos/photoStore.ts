/**
 * Photos kept in the database (issue 42): listed by what they are attached to, stored within the
 * office's quota, changed, deleted, and read one version at a time (the bytes are never read
 * with a list).
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  PHOTO_PART_BYTES,
  PHOTO_VERSIONS,
  photoMessages,
  type PhotoOwner,
  type PhotoRecord,
  type PhotoVersion,
} from '../../src/domain/photos';
import { estimates as estimateEntity, sites as siteEntity, workAreas as workAreaEntity } from '../../src/schema';
import { staleMessage } from '../../src/schema/validate';
import type { Db } from '../db/connection';
import { photoParts, photos } from '../db/tables/photos';
import { snowVisits } from '../db/tables/snow';
import { getRecord, inTransaction } from '../crud/records';
import { conflict, HttpError, notFound } from '../errors';
import type { PhotoVersions } from './photoVersions';

export type PhotoRow = typeof photos.$inferSelect;

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
    .select()
    .from(photos)
    .where(and(eq(photos.purpose, 'photo'), isNotNull(photos.storedAt), where))
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
 * Keeps one photo, within the quota: the office's use and the photo's row are taken under one
 * lock (two uploads at once cannot both pass the last of the room), then its versions are
 * written part by part, each part a statement of its own, and the photo counts as stored (in
 * its gallery, at the end) once the last is in. A failure on the way takes the photo away again.
 */
export async function storePhoto(db: Db, photo: NewPhoto, quotaBytes: number): Promise<PhotoRow> {
  const { made } = photo;
  const bytes = made.original.length + made.large.length + made.thumb.length;
  const row = await inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('photo quota'))`);
    if ((await usedBytes(tx)) + bytes > quotaBytes) throw quotaFull(quotaBytes);
    const column = ownerColumn[photo.owner];
    const [last] = await tx
      .select({ order: sql<number | null>`max(${photos.sortOrder})` })
      .from(photos)
      .where(eq(column, photo.ownerID));
    const [inserted] = await tx
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
        createdAt: photo.now,
        createdBy: photo.createdBy,
      })
      .returning();
    return inserted;
  });
  try {
    for (const version of PHOTO_VERSIONS) {
      const data = made[version];
      for (let part = 0; part * PHOTO_PART_BYTES < data.length || part === 0; part += 1) {
        await db
          .insert(photoParts)
          .values({ photoID: row.id, version, part, data: data.subarray(part * PHOTO_PART_BYTES, (part + 1) * PHOTO_PART_BYTES) });
        // The embedded database answers without waiting on anything: let everyone else's requests in between the parts.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const [stored] = await db.update(photos).set({ storedAt: photo.now }).where(eq(photos.id, row.id)).returning();
    return stored;
  } catch (error) {
    await db.delete(photos).where(eq(photos.id, row.id));
    throw error;
  }
}

/** Copies photos of an estimate's site to the estimate (bytes and all), within the quota, after its own photos. */
export async function copySitePhotos(db: Db, estimateID: number, photoIDs: number[], quotaBytes: number, now: Date, userID: number | null) {
  const estimate = await getRecord(db, estimateEntity, estimateID);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('photo quota'))`);
    const sources = await tx
      .select({ id: photos.id, bytes: photos.bytes })
      .from(photos)
      .where(
        and(
          eq(photos.siteID, Number(estimate.siteID)),
          eq(photos.purpose, 'photo'),
          isNotNull(photos.storedAt),
          inArray(photos.id, photoIDs),
        ),
      );
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
          photo_taken_at, photo_bytes, photo_created_at, photo_created_by, photo_stored_at)
        select ${estimateID}, 'photo', photo_caption, ${first + index}, false,
          photo_content_type, photo_file_name, photo_width, photo_height, photo_large_width, photo_large_height,
          photo_taken_at, photo_bytes, ${now}, ${userID}, ${now}
        from photos where photo_id = ${id}
        returning photo_id`);
      const copy = Number((result as unknown as { rows: { photo_id: number }[] }).rows[0].photo_id);
      await tx.execute(sql`
        insert into photo_parts (photo_part_photo_id, photo_part_version, photo_part_number, photo_part_data)
        select ${copy}, photo_part_version, photo_part_number, photo_part_data from photo_parts where photo_part_photo_id = ${id}`);
      copied.push(copy);
    }
    return (await photoRows(tx, inArray(photos.id, copied))).map(photoRecord);
  });
}

/** Removes photos stored by an upload that was refused part-way (an upload keeps all or none). */
export async function forgetPhotos(db: Db, ids: number[]): Promise<void> {
  for (const id of ids) await db.delete(photos).where(eq(photos.id, id));
}

export async function photoRow(db: Db, id: number): Promise<PhotoRow> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  if (!row?.storedAt) throw notFound('Photo not found.');
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
    .returning();
  if (!row) throw conflict(staleMessage(photoEntity));
  return photoRecord(row);
}

export async function deletePhoto(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(photos).where(eq(photos.id, id)).returning({ id: photos.id });
  if (!deleted.length) throw notFound('Photo not found.');
}

/** What one version of a stored photo is sent as. */
export async function photoFile(db: Db, id: number, version: PhotoVersion): Promise<{ contentType: string; fileName: string } | undefined> {
  const [row] = await db
    .select({ contentType: photos.contentType, fileName: photos.fileName, storedAt: photos.storedAt })
    .from(photos)
    .where(eq(photos.id, id));
  if (!row?.storedAt) return undefined;
  return { contentType: version === 'original' ? row.contentType : 'image/jpeg', fileName: row.fileName };
}

/** A version's bytes part by part, each read when the one before has gone (a reply streams them). */
export async function* photoPartsOf(db: Db, id: number, version: PhotoVersion): AsyncGenerator<Buffer> {
  for (let part = 0; ; part += 1) {
    const [row] = await db
      .select({ data: photoParts.data })
      .from(photoParts)
      .where(and(eq(photoParts.photoID, id), eq(photoParts.version, version), eq(photoParts.part, part)));
    if (!row) return;
    yield row.data;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A version of each of these photos, whole (the large images a proposal prints). */
export async function photoVersionOf(db: Db, ids: number[], version: PhotoVersion): Promise<Map<number, Buffer>> {
  const byPhoto = new Map<number, Buffer[]>();
  for (const id of ids) {
    const parts: Buffer[] = [];
    for await (const part of photoPartsOf(db, id, version)) parts.push(part);
    if (parts.length) byPhoto.set(id, parts);
  }
  return new Map([...byPhoto].map(([id, parts]) => [id, Buffer.concat(parts)]));
}
