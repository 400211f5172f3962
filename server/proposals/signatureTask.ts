import { bufferOf, defineHeavyTask } from '../work/featureTasks';
import type { HeavyWork } from '../work/heavyWork';
import { cleanSignaturePng } from './signature';

/** A drawn signature whose header was checked (./signature.ts), decoded and made anew on a heavy-work thread. */
export const cleanSignatureTask = defineHeavyTask('cleanSignature', async ({ png }: { png: Uint8Array }) =>
  cleanSignaturePng(bufferOf(png)),
);

export const cleanSignatureOffThread = (heavyWork: HeavyWork, owner: string, png: Buffer) =>
  heavyWork.run(owner, cleanSignatureTask, { png });
