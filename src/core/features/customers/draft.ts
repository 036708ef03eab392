/**
 * An update as a `.eml` draft in a folder (the CLI's `--draft DIR`, or a temporary folder that
 * main opens with the system's mail program). Written beside its name and renamed, so a mail
 * program never opens half a file; an existing draft is never overwritten.
 */
import { constants } from 'node:fs';
import { copyFile, link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildMessage, type OutgoingUpdate, type Sender } from './message.js';

function fileSafe(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters have no place in a file name
  const clean = text.replace(/[\u0000-\u001F\u007F<>:"/\\|?*]+/g, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+|\.+$/g, '');
  return clean.slice(0, 80) || 'update';
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  // The desk's local time: the person recognises "ACME 2026-11-24 0800" as this morning's.
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}${pad(date.getMinutes())}`;
}

/** Puts the finished file under its name, refusing (EEXIST) a name that exists, where rename() would replace it. */
async function placeWhole(temporary: string, path: string): Promise<void> {
  try {
    await link(temporary, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links (FAT, some network shares): copy, still never over an existing file.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EXDEV') await copyFile(temporary, path, constants.COPYFILE_EXCL);
    else throw error;
  }
}

export interface DraftWritten {
  path: string;
  sizeBytes: number;
}

/** Writes the update as `<customer> <date>.eml` (`… (2).eml` when that exists) with `X-Unsent: 1`. */
export async function writeDraft(directory: string, update: OutgoingUpdate, sender: Sender, options: { messageId: string; date: Date }): Promise<DraftWritten> {
  const bytes = await buildMessage(update, sender, { ...options, draft: true });
  return writeEml(directory, update.customer, options.date, bytes);
}

/**
 * An update kept in the outbox as a draft: its stored bytes, the same Message-ID and attachment,
 * with `X-Unsent: 1` before them (a header's place among the others does not matter).
 */
export function draftOfStored(message: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from('X-Unsent: 1\r\n'), Buffer.from(message)]);
}

/** Writes the bytes as `<customer> <date>.eml` in the folder, never over an existing file. */
export async function writeEml(directory: string, customer: string, date: Date, bytes: Buffer): Promise<DraftWritten> {
  await mkdir(directory, { recursive: true });
  const base = `${fileSafe(customer)} ${stamp(date)}`;
  const temporary = join(directory, `.${base}.${process.pid}.${Date.now()}.partial`);
  await writeFile(temporary, bytes, { flag: 'wx' });
  try {
    for (let n = 1; n < 1000; n++) {
      const path = join(directory, n === 1 ? `${base}.eml` : `${base} (${n}).eml`);
      try {
        await placeWhole(temporary, path);
        return { path, sizeBytes: bytes.length };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw new Error(`Could not find a free file name for ${base}.eml in ${directory}.`);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The draft's file name for a host that chooses the folder itself (the harness's downloads). */
export function draftFileName(customer: string, date: Date): string {
  return `${fileSafe(customer)} ${stamp(date)}.eml`;
}
