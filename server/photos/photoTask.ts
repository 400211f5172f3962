import { bufferOf, defineHeavyTask } from '../work/featureTasks';
import type { HeavyWork } from '../work/heavyWork';
import { pdfFirstPage, photoVersions, type PhotoVersions } from './photoVersions';

/** A photo made ready to keep on a heavy-work thread (./photoVersions.ts). */
export const photoVersionsTask = defineHeavyTask('photoVersions', async ({ bytes }: { bytes: Uint8Array }) =>
  photoVersions(bufferOf(bytes)),
);

/** A PDF plan's first page drawn as an image, then made ready like a photo. */
export const planPdfTask = defineHeavyTask('planPdfVersions', async ({ bytes }: { bytes: Uint8Array }) =>
  photoVersions(await pdfFirstPage(bufferOf(bytes))),
);

export async function photoVersionsOffThread(heavyWork: HeavyWork, owner: string, bytes: Buffer, pdf = false): Promise<PhotoVersions> {
  const made = await heavyWork.run(owner, pdf ? planPdfTask : photoVersionsTask, { bytes });
  return {
    ...made,
    takenAt: made.takenAt ? new Date(made.takenAt) : null,
    original: bufferOf(made.original),
    large: bufferOf(made.large),
    thumb: bufferOf(made.thumb),
  };
}
