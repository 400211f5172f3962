import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { and, eq, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEFAULT_PHOTO_QUOTA_BYTES,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_FILES,
  PHOTO_OWNERS,
  PHOTO_VERSIONS,
  photoMessages,
  sniffPhoto,
  type PhotoOwner,
  type PhotoVersion,
} from '../../src/domain/photos';
import { ONE_LINE_FORBIDDEN } from '../../src/domain/textRules';
import * as actions from '../../src/schema/actions/photos';
import { registerAction } from '../actions/registerAction';
import { parseId } from '../crud/registerEntityRoutes';
import { photos, sitePlans } from '../db/tables/photos';
import { contentDisposition } from '../documents/attachment';
import { HttpError, notFound } from '../errors';
import { idParams } from '../openapi/commonSchemas';
import { fileDownload, rawBody, type RouteDoc } from '../openapi/routeDoc';
import { userOwner } from '../work/heavyWork';
import {
  checkOwner,
  copySitePhotos,
  deletePhoto,
  forgetPhotos,
  ownerPhotos,
  photoBytes,
  photoRecord,
  storePhoto,
  updatePhoto,
  type PhotoRow,
} from './photoStore';
import { photoVersionsOffThread } from './photoTask';

const TAG = 'Photos';
const refused = (message: string) => new HttpError(400, message, { file: message });
const ownerLabel: Record<PhotoOwner, string> = {
  sites: 'site',
  estimates: 'estimate',
  workAreas: 'work area',
  snowVisits: 'snow log entry',
};

const docs = {
  list: (owner: PhotoOwner) => ({
    tag: TAG,
    summary: `A ${ownerLabel[owner]}’s photos`,
    description: 'In gallery order.',
    params: idParams,
    responses: { 200: actions.photoListSchema },
  }),
  upload: (owner: PhotoOwner) => ({
    tag: TAG,
    summary: `Attach photos to a ${ownerLabel[owner]}`,
    description: `multipart/form-data with one or more \`file\` parts (JPEG, PNG or WebP by their bytes, each at most 20 MB, at most ${PHOTO_MAX_FILES}): each is oriented, stripped of its metadata but the time taken, and kept with a 2,048 px and a 400 px version. All or none are kept: 400 naming what is wrong with a file, 413 when the office’s room for photos is full.`,
    params: idParams,
    body: rawBody('The photos.', 'multipart/form-data'),
    responses: { 201: actions.photoListSchema },
    errors: [413],
  }),
  planImage: {
    tag: TAG,
    summary: 'Upload a site plan’s image',
    description:
      'multipart/form-data with one `file` part: a JPEG, PNG or WebP image, or a PDF whose first page becomes the image. The plan then names it (PUT /api/sites/:id/plan with `imageID`); plan coordinates are pixels of its large version (`width` × `height`).',
    params: idParams,
    body: rawBody('The plan.', 'multipart/form-data'),
    responses: { 201: z.object({ imageID: z.number().int(), width: z.number().int(), height: z.number().int() }) },
    errors: [413],
  },
  image: {
    tag: TAG,
    summary: 'A photo’s image',
    description:
      '`original` (as uploaded, oriented, metadata stripped), `large` (JPEG, at most 2,048 px) or `thumb` (JPEG, at most 400 px).',
    params: z.object({ id: z.string(), version: z.enum(PHOTO_VERSIONS) }),
    responses: { 200: fileDownload('The image.', 'image/jpeg', 'image/png', 'image/webp') },
  },
} satisfies Record<string, RouteDoc | ((owner: PhotoOwner) => RouteDoc)>;

/** What @fastify/multipart and its parser report, in the office's words. */
function uploadRefusal(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refused(photoMessages.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return refused(photoMessages.tooManyFiles);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return refused(photoMessages.noFile);
  if (code.startsWith('FST_') || error instanceof Error) return refused(photoMessages.uploadBroken);
  return error;
}

interface Upload {
  owner: PhotoOwner;
  ownerID: number;
  purpose: 'photo' | 'plan';
}

/** Photos and plan images (issue 42): uploads, galleries, the images, captions and order. */
export async function photoRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const quota = () => api.deps.photoQuotaBytes ?? DEFAULT_PHOTO_QUOTA_BYTES;
  await api.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTO_MAX_FILES, fields: 20, parts: PHOTO_MAX_FILES + 20, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  /** Each file part made ready on a heavy-work thread and kept, one at a time (memory holds one photo). */
  async function receive(request: FastifyRequest, upload: Upload): Promise<PhotoRow[]> {
    if (!request.isMultipart()) throw refused(photoMessages.noFile);
    const stored: PhotoRow[] = [];
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file' || (upload.purpose === 'plan' && stored.length)) {
          part.file.resume();
          continue;
        }
        const bytes = await part.toBuffer();
        const kind = sniffPhoto(bytes);
        if (upload.purpose === 'plan' && (kind === undefined || kind === 'svg')) throw refused(photoMessages.planType);
        const pdf = upload.purpose === 'plan' && kind === 'pdf';
        const made = await photoVersionsOffThread(api.heavyWork, userOwner(request.user), bytes, pdf);
        const fileName = part.filename.replace(new RegExp(ONE_LINE_FORBIDDEN, 'g'), '').slice(0, 255);
        stored.push(
          await storePhoto(db, { ...upload, fileName, made, createdBy: request.user?.id ?? null, now: new Date(api.deps.now()) }, quota()),
        );
      }
    } catch (error) {
      await forgetPhotos(
        db,
        stored.map((row) => row.id),
      );
      throw uploadRefusal(error);
    }
    if (!stored.length) throw refused(photoMessages.noFile);
    return stored;
  }

  for (const owner of PHOTO_OWNERS) {
    api.get<{ Params: { id: string } }>(`/${owner}/:id/photos`, { config: { openapi: docs.list(owner) } }, async (request) => {
      const id = parseId(request.params.id);
      await checkOwner(db, owner, id);
      return { photos: await ownerPhotos(db, owner, id) };
    });
    api.post<{ Params: { id: string } }>(`/${owner}/:id/photos`, { config: { openapi: docs.upload(owner) } }, async (request, reply) => {
      const ownerID = parseId(request.params.id);
      await checkOwner(db, owner, ownerID);
      const stored = await receive(request, { owner, ownerID, purpose: 'photo' });
      return reply.status(201).send({ photos: stored.map(photoRecord) });
    });
  }

  api.post<{ Params: { id: string } }>('/sites/:id/plan/image', { config: { openapi: docs.planImage } }, async (request, reply) => {
    const siteID = parseId(request.params.id);
    await checkOwner(db, 'sites', siteID);
    const [image] = await receive(request, { owner: 'sites', ownerID: siteID, purpose: 'plan' });
    // Images uploaded for this site's plan and never saved with it are let go.
    const [plan] = await db.select({ imageID: sitePlans.imageID }).from(sitePlans).where(eq(sitePlans.siteID, siteID));
    const kept = [image.id, ...(plan?.imageID ? [plan.imageID] : [])];
    await db.delete(photos).where(and(eq(photos.siteID, siteID), eq(photos.purpose, 'plan'), notInArray(photos.id, kept)));
    return reply.status(201).send({ imageID: image.id, width: image.largeWidth, height: image.largeHeight });
  });

  api.get<{ Params: { id: string; version: string } }>(
    '/photos/:id/:version',
    { config: { openapi: docs.image } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const version = request.params.version as PhotoVersion;
      if (!PHOTO_VERSIONS.includes(version)) throw notFound('Photo not found.');
      const image = await photoBytes(db, id, version);
      if (!image) throw notFound('Photo not found.');
      return reply
        .header('Content-Type', image.contentType)
        .header('Content-Disposition', contentDisposition(image.fileName || `photo-${id}`).replace(/^attachment/, 'inline'))
        .header('Cache-Control', 'private, max-age=86400, immutable')
        .send(image.bytes);
    },
  );

  registerAction(api, actions.updatePhoto, async ({ ids, body }) => updatePhoto(db, ids.id, body));
  registerAction(api, actions.copySitePhotos, async ({ ids, body, request }) => ({
    photos: await copySitePhotos(db, ids.id, body.photoIDs, quota(), new Date(api.deps.now()), request.user?.id ?? null),
  }));
  registerAction(api, actions.deletePhoto, async ({ ids }) => {
    await deletePhoto(db, ids.id);
    return null;
  });
}
