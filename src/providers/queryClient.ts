import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: every failed call is reported with its alert (SPEC §8), and a
 * retried 4xx would only repeat it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}
