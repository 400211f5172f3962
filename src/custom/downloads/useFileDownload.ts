import { useCallback, useState } from 'react';
import { HttpError } from 'react-admin';
import { clearProgress, reportProgress, showError } from '../alerts/alertStore';
import { downloadFile, UNEXPECTED_ERROR, type DownloadOptions } from '../../providers/httpClient';
import { saveBlob } from '../../providers/saveBlob';

/**
 * Downloads a file from the API and saves it under the server's name, with its progress in the
 * alert area's progress channel. `busy` is true meanwhile (a second click waits for the first).
 * A failed request has already shown the error catalogue's alert; resolves with the file name,
 * or undefined when nothing was saved.
 */
export function useFileDownload() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (path: string, query?: DownloadOptions['query']): Promise<string | undefined> => {
    setBusy(true);
    try {
      const { blob, filename } = await downloadFile(path, {
        query,
        onProgress: (loaded, total) => reportProgress(loaded, total, 'Download'),
      });
      saveBlob(blob, filename);
      return filename;
    } catch (error) {
      // A response cut off half-way never reached the catalogue.
      if (!(error instanceof HttpError)) showError(UNEXPECTED_ERROR);
      return undefined;
    } finally {
      clearProgress();
      setBusy(false);
    }
  }, []);
  return { download, busy };
}
