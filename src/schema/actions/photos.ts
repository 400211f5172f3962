/**
 * Photos (issue 42): the changes made to a stored photo. Uploads (multipart) and the images
 * themselves are plain routes (server/photos/routes.ts); these are the JSON ones.
 */
import { z } from 'zod';
import { PHOTO_CAPTION_MAX, PHOTO_TYPES, photoMessages } from '../../domain/photos';
import { idSchema } from './answers';
import { ONE_LINE_FORBIDDEN, recordVersion } from './fields';
import { defineAction } from './defineAction';

export const PHOTOS_QUERY = 'photos';
const TAG = 'Photos';
export const PHOTO_ORDER_MAX = 10_000;

export const photoSchema = z.object({
  id: idSchema,
  siteID: idSchema.nullable(),
  estimateID: idSchema.nullable(),
  workAreaID: idSchema.nullable(),
  snowVisitID: idSchema.nullable(),
  caption: z.string(),
  order: z.number().int(),
  printOnProposal: z.boolean(),
  contentType: z.enum(PHOTO_TYPES),
  fileName: z.string(),
  width: z.number().int().describe('The original’s width once oriented.'),
  height: z.number().int(),
  takenAt: z.string().nullable().describe('When it was taken, by the camera’s clock (from its EXIF), if it says.'),
  bytes: z.number().int().describe('What its three versions take of the office’s room for photos.'),
  createdAt: z.string(),
  version: z.number().int(),
});

export const photoListSchema = z.object({ photos: z.array(photoSchema) });

export const updatePhoto = defineAction({
  name: 'updatePhoto',
  method: 'PUT',
  path: '/photos/:id',
  access: 'user',
  tag: TAG,
  summary: 'Caption, order or print a photo',
  description:
    'Changes what is given of `caption`, `order` (its place in its gallery, from 0) and `printOnProposal` (printed under its work area on the proposal and shown on the client’s page). `version` is required: 409 when the photo changed since.',
  body: z.object({
    caption: z
      .string({ error: photoMessages.caption })
      .trim()
      .max(PHOTO_CAPTION_MAX, { error: photoMessages.caption })
      .refine((value) => !ONE_LINE_FORBIDDEN.test(value), { error: photoMessages.caption })
      .optional(),
    order: z
      .number({ error: photoMessages.order })
      .int({ error: photoMessages.order })
      .min(0, { error: photoMessages.order })
      .max(PHOTO_ORDER_MAX, { error: photoMessages.order })
      .optional(),
    printOnProposal: z.boolean({ error: photoMessages.printOnProposal }).optional(),
    version: recordVersion(),
  }),
  status: 200,
  answer: photoSchema,
  errors: [409],
  invalidates: [PHOTOS_QUERY],
});

export const deletePhoto = defineAction({
  name: 'deletePhoto',
  method: 'DELETE',
  path: '/photos/:id',
  access: 'user',
  tag: TAG,
  summary: 'Delete a photo',
  description:
    'The photo and its versions go; the room they took is free again. A site plan drawn over it keeps its shapes on a blank grid.',
  status: 204,
  answer: z.null(),
  invalidates: [PHOTOS_QUERY],
});

export const copySitePhotos = defineAction({
  name: 'copySitePhotos',
  method: 'POST',
  path: '/estimates/:id/photos/fromSite',
  access: 'user',
  tag: TAG,
  summary: 'Use site photos on an estimate',
  description:
    'Copies photos of the estimate’s site (`photoIDs`) to the estimate’s gallery, where they can be captioned and printed on its proposal without changing the site’s. 413 when the office’s room for photos is full.',
  body: z.object({
    photoIDs: z
      .array(idSchema, { error: photoMessages.sitePhotos })
      .min(1, { error: photoMessages.sitePhotos })
      .max(100, { error: photoMessages.sitePhotos })
      .refine((ids) => new Set(ids).size === ids.length, { error: photoMessages.sitePhotos }),
  }),
  status: 201,
  answer: photoListSchema,
  errors: [413],
  invalidates: [PHOTOS_QUERY],
});
