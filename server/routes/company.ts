import type { FastifyInstance } from 'fastify';
import { logoMessages } from '../../src/domain/companyLogo';
import { readCompanyLogo, removeCompanyLogo, storeCompanyLogo } from '../company/companyLogoStore';
import { readCompanyProfile, saveCompanyProfile } from '../company/companyProfileStore';
import { HttpError, badRequest, notFound } from '../errors';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The logo upload takes the image itself as the body, whatever type it claims to be. */
async function logoUploadRoute(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  api.put('/company/logo', async (request) => {
    if (!Buffer.isBuffer(request.body)) throw new HttpError(400, logoMessages.wrongType, { logo: logoMessages.wrongType });
    return storeCompanyLogo(db, request.body);
  });
}

/**
 * The company profile (beyond SPEC; Settings → Company): GET/PUT /api/company, and its logo:
 * GET (the image), PUT (the raw PNG or JPEG as the body) and DELETE /api/company/logo.
 */
export async function companyRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get('/company', async () => readCompanyProfile(db));

  api.put('/company', async (request) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    return saveCompanyProfile(db, body as Record<string, unknown>);
  });

  api.get('/company/logo', async (_request, reply) => {
    const logo = await readCompanyLogo(db);
    if (!logo) throw notFound('The company has no logo.');
    return reply
      .header('content-type', logo.contentType)
      .header('content-disposition', `inline; filename="logo.${EXTENSIONS[logo.contentType] ?? 'img'}"`)
      .send(logo.data);
  });

  api.delete('/company/logo', async (_request, reply) => {
    await removeCompanyLogo(db);
    return reply.status(204).send();
  });

  await api.register(logoUploadRoute);
}
