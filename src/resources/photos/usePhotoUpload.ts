import { useState } from 'react';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { photoProblem, type PhotoOwner } from '../../domain/photos';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { photosKey, photosPath } from './usePhotos';

export interface UploadProgress {
  done: number;
  total: number;
}

const messageOf = (error: unknown) =>
  (error as { body?: { message?: string } }).body?.message ?? (error instanceof Error ? error.message : String(error));

/**
 * Uploads the files chosen, one request each so that each shows as it lands and one refused
 * photo (named in the message) does not hold back the others. Each is checked here first by its
 * bytes (a HEIC photo is refused before it is sent); the server checks again.
 */
export function usePhotoUpload(owner: PhotoOwner, id: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const upload = async (files: File[]) => {
    if (!files.length) return;
    let stored = 0;
    const refused: string[] = [];
    setProgress({ done: 0, total: files.length });
    for (const [index, file] of files.entries()) {
      const problem = photoProblem(new Uint8Array(await file.slice(0, 4096).arrayBuffer()), file.size);
      if (problem) refused.push(`${file.name}: ${problem}`);
      else {
        const body = new FormData();
        body.append('file', file, file.name);
        try {
          await dataProvider.request('POST', photosPath(owner, id), { body });
          stored += 1;
          await queryClient.invalidateQueries({ queryKey: photosKey(owner, id) });
        } catch (error) {
          refused.push(`${file.name}: ${messageOf(error)}`);
        }
      }
      setProgress({ done: index + 1, total: files.length });
    }
    setProgress(null);
    if (refused.length) notify(refused.join('\n'), { type: 'warning', multiLine: true, autoHideDuration: 10_000 });
    else notify(stored === 1 ? 'Photo added' : `${stored} photos added`, { type: 'success' });
  };

  return { upload, progress };
}
