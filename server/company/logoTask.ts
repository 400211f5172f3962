import { bufferOf, defineHeavyTask } from '../work/featureTasks';
import type { HeavyWork } from '../work/heavyWork';
import { checkLogo, type StoredLogo } from './logoCheck';

/** A logo uploaded, checked and made anew on a heavy-work thread (server/company/logoCheck.ts). */
export const checkLogoTask = defineHeavyTask('checkLogo', async ({ bytes }: { bytes: Uint8Array }) => checkLogo(bufferOf(bytes)));

export async function checkLogoOffThread(heavyWork: HeavyWork, owner: string, bytes: Buffer): Promise<StoredLogo> {
  const logo = await heavyWork.run(owner, checkLogoTask, { bytes });
  return { contentType: logo.contentType, data: bufferOf(logo.data) };
}
