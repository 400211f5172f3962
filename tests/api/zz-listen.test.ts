import { it, expect } from 'vitest';
import { createTestApi } from '../helpers/testApi';
it('warm-up on listen', async () => {
  const api = await createTestApi('pglite');
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => setTimeout(r, 4000));
  const t = performance.now();
  const res = await api.get('/api/searchForAddress?searchString=12%20Main%20St%20Trenton');
  const ms = performance.now() - t;
  console.log('first search ms', ms, res.body.length);
  expect(ms).toBeLessThan(300);
  await api.close();
});
