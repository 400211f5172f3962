import { checkLogoOffThread } from './logoTask';
import type { FastifyInstance } from 'fastify';
import { logoMessages } from '../../src/domain/companyLogo';
import { readCompanyLogo, removeCompanyLogo, storeCompanyLogo } from './companyLogoStore';
import { readCompanyProfile, saveCompanyProfile } from './companyProfileStore';
import { HttpError, badRequest, notFound } from '../errors';
import { userOwner } from '../work/heavyWork';
import { z } from 'zod';
import { companyProfile } from '../../src/schema/companyProfile';
import { fileDownload, noContent, rawBody, type RouteDoc } from '../openapi/routeDoc';
import { dateTime, entitySchemas } from '../openapi/entitySchemas';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

const TAG = 'Company';
const IMAGE_TYPES = Object.keys(EXTENSIONS);

const logoInfo = z
  .object({ contentType: z.enum(IMAGE_TYPES as [string, ...string[]]), size: z.number().int().min(1), updatedAt: dateTime() })
  .describe('What is known of the stored logo.');

const { record, update } = entitySchemas(companyProfile);
/** Before the first save every field is null and the version is 0. */
const profile = z
  .object(Object.fromEntries(Object.entries(record.shape).map(([name, value]) => [name, (value as z.ZodType).nullable()])))
  .extend({ id: record.shape.id, version: z.number().int().min(0), logo: logoInfo.nullable() })
  .describe('The company profile printed on every document.');

const docs = {
  get: { tag: TAG, summary: 'The company profile', responses: { 200: profile } },
  put: {
    tag: TAG,
    summary: 'Save the company profile',
    description: 'The whole profile with the version it was read at (0 before the first save).',
    body: update.extend({ version: z.number().int().min(0) }),
    responses: { 200: profile },
    errors: [409],
  },
  getLogo: { tag: TAG, summary: 'The logo', responses: { 200: fileDownload('The image.', ...IMAGE_TYPES) }, errors: [404] },
  putLogo: {
    tag: TAG,
    summary: 'Replace the logo',
    description: 'The image itself as the body; it must be a real PNG or JPEG.',
    body: rawBody('A PNG or JPEG image.', ...IMAGE_TYPES),
    responses: { 200: logoInfo },
    errors: [409, 429],
  },
  deleteLogo: { tag: TAG, summary: 'Remove the logo', responses: { 204: noContent('The logo is gone.') } },
} satisfies Record<string, RouteDoc>;

/** The logo upload takes the image itself as the body, whatever type it claims to be. */
async function logoUploadRoute(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  api.put('/company/logo', { config: { openapi: docs.putLogo, adminOnly: true } }, async (request) => {
    if (!Buffer.isBuffer(request.body)) throw new HttpError(400, logoMessages.wrongType, { logo: logoMessages.wrongType });
    return storeCompanyLogo(db, await checkLogoOffThread(api.heavyWork, userOwner(request.user), request.body));
  });
}

/**
 * The company profile (beyond SPEC; Settings → Company): GET/PUT /api/company, and its logo:
 * GET (the image), PUT (the raw PNG or JPEG as the body) and DELETE /api/company/logo.
 */
export async function companyRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get('/company', { config: { openapi: docs.get } }, async () => readCompanyProfile(db));

  api.put('/company', { config: { openapi: docs.put, adminOnly: true } }, async (request) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    return saveCompanyProfile(db, body as Record<string, unknown>);
  });

  api.get('/company/logo', { config: { openapi: docs.getLogo } }, async (_request, reply) => {
    const logo = await readCompanyLogo(db);
    if (!logo) throw notFound('The company has no logo.');
    return reply
      .header('content-type', logo.contentType)
      .header('content-disposition', `inline; filename="logo.${EXTENSIONS[logo.contentType] ?? 'img'}"`)
      .send(logo.data);
  });

  api.delete('/company/logo', { config: { openapi: docs.deleteLogo, adminOnly: true } }, async (_request, reply) => {
    await removeCompanyLogo(db);
    return reply.status(204).send();
  });

  await api.register(logoUploadRoute);
}
