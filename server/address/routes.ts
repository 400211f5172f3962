import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADDRESS_SEARCH_LIMIT, isAddressSearchable } from '../../src/domain/addressSearch';
import { hostedAddressProvider } from './hostedProvider';
import { offlineAddressProvider } from './offlineProvider';
import type { AddressProvider } from './provider';
import { errorSummary, HttpError } from '../errors';
import type { RouteDoc } from '../openapi/routeDoc';

const query = z.object({ searchString: z.string().max(300).optional().describe('What the user typed: a street address, a city, a zip…') });

const searchDoc: RouteDoc = {
  tag: 'Lookups',
  summary: 'Search for an address',
  description: `Up to ${ADDRESS_SEARCH_LIMIT} candidates; nothing for empty or digits-only text.`,
  querystring: query,
  responses: {
    200: z
      .array(
        z.object({
          number: z.string(),
          street: z.string(),
          city: z.string(),
          county: z.string(),
          state: z.string(),
          zip: z.string(),
          label: z.string(),
        }),
      )
      .describe('The candidates, best first.'),
  },
  errors: [503],
};

/**
 * `GET /api/searchForAddress?searchString=` (SPEC §7 Lookups): up to 10 candidates
 * {number, street, city, county, state, zip, label}; nothing for empty or digits-only text.
 */
export async function addressSearchRoutes(api: FastifyInstance): Promise<void> {
  let provider: AddressProvider;
  if (api.deps.geocoderUrl) {
    provider = hostedAddressProvider(api.deps.geocoderUrl);
  } else {
    const offline = offlineAddressProvider();
    // Built when the server starts listening, not on the first search; injected test apps never listen.
    api.addHook('onListen', async () => {
      offline.warmUp().catch((error) => api.log.error({ error: errorSummary(error) }, 'address data failed to load'));
    });
    provider = offline;
  }

  api
    .withTypeProvider<ZodTypeProvider>()
    .get('/searchForAddress', { schema: { querystring: query }, config: { openapi: searchDoc } }, async (request) => {
      const text = request.query.searchString ?? '';
      if (!isAddressSearchable(text)) return [];
      try {
        return await provider.search(text, ADDRESS_SEARCH_LIMIT);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 503)
          request.log.warn({ error: errorSummary(error.cause) }, 'address search failed');
        throw error;
      }
    });
}
