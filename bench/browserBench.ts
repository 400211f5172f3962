/** What the browser benches start from: the built SPA (built first when stale) and the real server with the demo office. */
import { buildSpa, staleReason } from '../scripts/spaBuild.mjs';
import { startServer, type RunningServer } from '../tests/e2e/server';

export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

export async function demoServerWithSpa(): Promise<RunningServer> {
  const stale = staleReason();
  if (stale) {
    console.log(`  building the SPA (${stale})`);
    if (!(await buildSpa())) throw new Error('the SPA build failed');
  }
  return startServer({ seedDemo: true });
}
