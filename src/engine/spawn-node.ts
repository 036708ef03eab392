/**
 * Starts the engine entry as a Node child process (the web harness, the tests): the same file the
 * desktop app starts as a utilityProcess. A built one runs as it is; from a source checkout,
 * entry.mjs runs the fresh build of the sources, or their TypeScript through tsx.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EngineClient, type EngineClientHandlers, type EngineLink } from './client.js';

function entryFile(): { file: string; execArgv: string[] } {
  const built = fileURLToPath(new URL('./entry.js', import.meta.url));
  if (existsSync(built)) return { file: built, execArgv: [] };
  return { file: fileURLToPath(new URL('./entry.mjs', import.meta.url)), execArgv: [] };
}

export function spawnNodeEngine(handlers: EngineClientHandlers = {}, options: { env?: NodeJS.ProcessEnv } = {}): EngineClient {
  const { file, execArgv } = entryFile();
  const child = fork(file, [], {
    execArgv,
    env: options.env ?? process.env,
    // Structured clone: answers carry nested objects and numbers as they are.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const link: EngineLink = {
    post: (message) => {
      if (!child.connected) return;
      try {
        child.send(message);
      } catch {
        // The channel closed between the check and the send; onExit answers what waits.
      }
    },
    onMessage: (listener) => child.on('message', (message) => listener(message as Parameters<typeof listener>[0])),
    onExit: (listener) => child.on('exit', (code) => listener(code)),
    kill: () => child.kill('SIGKILL'),
  };
  return new EngineClient(link, handlers);
}
