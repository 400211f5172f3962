import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { clearProgress, reportProgress } from '../alerts/alertStore';
import { useReportFailure } from '../alerts/useReportFailure';
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
  const reportFailure = useReportFailure();
  const [busy, setBusy] = useState(false);
  const download = useCallback(
    async (path: string, query?: DownloadOptions['query']): Promise<string | undefined> => {
      setBusy(true);
      try {
        const { blob, filename } = await dataProvider.download(path, {
          query,
          onProgress: (loaded, total) => reportProgress(loaded, total, 'Download'),
        });
        saveBlob(blob, filename);
        return filename;
      } catch (error) {
        // A failed response was reported as it happened; one cut off half-way is reported here.
        reportFailure(error);
        return undefined;
      } finally {
        clearProgress();
        setBusy(false);
      }
    },
    [dataProvider, reportFailure],
  );
  return { download, busy };
}
