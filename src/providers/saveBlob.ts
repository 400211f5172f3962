/** How long the browser keeps the object URL of a saved file (the save starts asynchronously). */
const REVOKE_AFTER_MS = 60_000;

/** Hands `blob` to the browser as a download named `filename` (downloadFile gives both). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
