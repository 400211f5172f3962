import { useDataProvider } from 'react-admin';
import { clearProgress, reportProgress } from '../alerts/alertStore';
import { useAction } from '../alerts/useAction';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import type { DownloadOptions } from '../../providers/httpClient';
import { saveBlob } from '../../providers/saveBlob';

/**
 * Downloads a file from the API and saves it under the server's name, with its progress in the
 * alert area's progress channel. `busy` is true meanwhile (a second click waits for the first).
 * A failure shows the error catalogue's alert (once); resolves with the file name,
 * or undefined when nothing was saved.
 */
export function useFileDownload() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  // A failed response was reported as it happened; one cut off half-way is reported by useAction.
  const { run: download, isPending: busy } = useAction(async (path: string, query?: DownloadOptions['query']) => {
    const { blob, filename } = await dataProvider
      .download(path, { query, onProgress: (loaded, total) => reportProgress(loaded, total, 'Download') })
      .finally(clearProgress);
    saveBlob(blob, filename);
    return filename;
  });
  return { download, busy };
}
