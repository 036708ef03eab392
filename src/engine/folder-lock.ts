/**
 * One engine per data folder: two would each run a background sync and resume the same imports.
 * A CLI command on the same cache needs no lock: it shares the rate budget through the database.
 * The lock is a file holding the owner's process id; one left by a process that died is taken over.
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

const LOCK_FILE = 'engine.lock';

class FolderInUseError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`Another Quayside (process ${pid}) is already working on ${dataDir}; close it first, or choose another data folder.`);
    this.name = 'FolderInUseError';
  }
}

export interface FolderLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataFolder(dataDir: string): FolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new FolderInUseError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new FolderInUseError(dataDir, 0);
}
