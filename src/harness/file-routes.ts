/**
 * Files between a browser and the engine, for the harness only (the desktop app moves files by
 * path). `POST /files?name=N` streams a dropped file to a folder of the harness and answers its
 * path as a `Result`, which the window then hands to imports.open. `GET /downloads/<id>/<name>`
 * serves an export the engine wrote to the path the harness gave it.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { MAX_IMPORT_BYTES, tooLargeToImport } from '../shared/spreadsheet-files.js';
import { refusal, sendResult } from './api-route.js';
import { baseHeaders } from './static-files.js';


/** A name as the person's file had it, without folders or characters a file system refuses. */
function plainName(name: string): string {
  const visible = [...name].map((c) => (c.charCodeAt(0) < 0x20 ? '_' : c)).join('');
  return basename(visible.replace(/\\/g, '/')).replace(/[<>:"|?*]+/g, '_').slice(0, 200) || 'file';
}

export interface FileRoutes {
  upload(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  download(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void>;
  /** A place for an export and the address the browser fetches it from. */
  exportTarget(fileName: string): Promise<{ path: string; download: string }>;
  close(): Promise<void>;
}

export function createFileRoutes(folder: string): FileRoutes {
  const uploads = join(folder, 'uploads');
  const downloads = join(folder, 'downloads');
  return {
    async upload(req, res, url) {
      if (req.method !== 'POST') {
        res.setHeader('Allow', 'POST');
        sendResult(res, 405, refusal('invalid-input', 'Files are sent with POST.'));
        req.resume();
        return;
      }
      if ((req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'application/octet-stream') {
        sendResult(res, 415, refusal('invalid-input', 'The request was refused: send the file as application/octet-stream.'));
        req.resume();
        return;
      }
      const name = plainName(url.searchParams.get('name') ?? '');
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES) {
        res.setHeader('Connection', 'close');
        sendResult(res, 413, refusal('invalid-input', tooLargeToImport(name)));
        req.resume();
        return;
      }
      const dir = join(uploads, randomUUID());
      const path = join(dir, name);
      await mkdir(dir, { recursive: true });
      let size = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(size > MAX_IMPORT_BYTES ? new RangeError('too large') : null, chunk);
        },
      });
      try {
        await pipeline(req, cap, createWriteStream(path));
      } catch (err) {
        await rm(dir, { recursive: true, force: true });
        res.setHeader('Connection', 'close');
        const tooLarge = err instanceof RangeError;
        sendResult(res, tooLarge ? 413 : 400, refusal('invalid-input', tooLarge ? tooLargeToImport(name) : `${name} did not arrive whole; drop it again.`));
        return;
      }
      sendResult(res, 200, { ok: true, value: path });
    },

    async download(req, res, pathname) {
      const match = /^\/downloads\/([0-9a-f-]{36})\/([^/]+)$/.exec(pathname);
      let name = '';
      try {
        name = match ? decodeURIComponent(match[2]!) : '';
      } catch {
        name = '';
      }
      const file = match && name && plainName(name) === name ? join(downloads, match[1]!, name) : null;
      const info = file ? await stat(file).catch(() => null) : null;
      if (!file || !info?.isFile() || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('No such download.\n');
        return;
      }
      res.writeHead(200, {
        ...baseHeaders(),
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(info.size),
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        'Cache-Control': 'no-store',
      });
      if (req.method === 'HEAD') return void res.end();
      await pipeline(createReadStream(file), res).catch(() => res.destroy());
    },

    async exportTarget(fileName) {
      const id = randomUUID();
      const name = plainName(fileName);
      await mkdir(join(downloads, id), { recursive: true });
      return { path: join(downloads, id, name), download: `/downloads/${id}/${encodeURIComponent(name)}` };
    },

    close: () => rm(folder, { recursive: true, force: true }),
  };
}
