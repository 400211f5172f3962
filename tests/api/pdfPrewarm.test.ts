import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../helpers/testApi';

/**
 * Issue 37 "the first proposal after a start within 1 s": a server that runs jobs loads the PDF
 * engine on its warm thread a second after it listens (server/app.ts, server/work/workerPool.ts);
 * a server that only serves (ROLE=web) makes no document and loads nothing.
 */
describe('the PDF engine loaded once the server listens', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  const listenAndWait = async (role?: 'web') => {
    api = await createTestApi('pglite', role ? { role } : {});
    const prewarm = vi.spyOn(api.app.heavyWork, 'prewarm').mockResolvedValue(undefined);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    expect(prewarm).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return prewarm;
  };

  it('a server that runs jobs warms its thread a second after it listens', async () => {
    expect(await listenAndWait()).toHaveBeenCalledTimes(1);
  });

  it('a web-only server does not', async () => {
    expect(await listenAndWait('web')).not.toHaveBeenCalled();
  });
});
