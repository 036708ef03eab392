/**
 * Saves a file the core made (base64) through a Blob and an `<a download>`: the browser's
 * download in the web harness, Electron's save in the desktop app.
 */
import type { ExportFile } from '../../shared/workday-views';

export function fileBlob(file: Pick<ExportFile, 'base64' | 'mimeType'>): Blob {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.mimeType });
}

export function saveFile(file: ExportFile): void {
  const url = URL.createObjectURL(fileBlob(file));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
