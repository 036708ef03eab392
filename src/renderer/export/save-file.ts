/**
 * The engine writes an export itself: in the desktop app where the person chose in the save
 * dialog, in the web harness to a download the browser fetches here. No bytes cross the bridge.
 */
import type { ExportFile } from '../../shared/contract';

/** True when there is something for the browser to fetch (the harness). */
export function offerDownload(file: Pick<ExportFile, 'download' | 'fileName'>): boolean {
  if (!file.download) return false;
  const link = document.createElement('a');
  link.href = file.download;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  return true;
}

/** The folder a saved file is in, for "Saved in …" (either separator: the window does not know the OS). */
export function folderOf(path: string): string {
  const at = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return at > 0 ? path.slice(0, at) : path;
}
