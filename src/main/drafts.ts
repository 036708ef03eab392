/**
 * Customer update drafts in the desktop app: the engine asks where to write one (a folder of its
 * own under the system's temporary folder, one per draft so a name never collides), then asks main
 * to open it with the system's mail program (Outlook, Thunderbird, Apple Mail open a .eml with
 * `X-Unsent: 1` as a message to edit and send). Main opens only a .eml at a path it handed out.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface DraftPlaces {
  place(fileName: string): Promise<{ path: string }>;
  open(path: string): Promise<boolean>;
}

export function draftPlaces(folder: string, openPath: (path: string) => Promise<string>): DraftPlaces {
  const given = new Set<string>();
  return {
    async place(fileName) {
      const dir = join(folder, randomUUID());
      await mkdir(dir, { recursive: true });
      const name = basename(fileName.replace(/\\/g, '/')).replace(/[<>:"|?*]+/g, '_');
      const path = join(dir, name.toLowerCase().endsWith('.eml') ? name : `${name}.eml`);
      given.add(path);
      return { path };
    },
    async open(path) {
      if (!given.has(path)) return false;
      // openPath answers an error message, or '' when the system handed the file to its program.
      return (await openPath(path)) === '';
    },
  };
}
