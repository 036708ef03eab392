/**
 * The Electron-specific part of starting the engine: a utilityProcess on the engine's entry
 * (out/main/engine.js), driven through the same EngineClient the web harness uses over a Node
 * child process.
 */
import type { MessagePortMain, UtilityProcess } from 'electron';
import { EngineClient, type EngineClientHandlers } from '../engine/client.js';

export interface UtilityProcessApi {
  fork(modulePath: string, args?: string[], options?: { serviceName?: string; stdio?: 'inherit' | 'pipe' | 'ignore' }): Pick<UtilityProcess, 'postMessage' | 'on' | 'kill'>;
}

export function spawnUtilityEngine(utilityProcess: UtilityProcessApi, entry: string, handlers: EngineClientHandlers): EngineClient {
  const child = utilityProcess.fork(entry, [], { serviceName: 'Quayside engine', stdio: 'inherit' });
  return new EngineClient(
    {
      post: (message, transfer) => child.postMessage(message, transfer as MessagePortMain[] | undefined),
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void child.on('exit', (code: number) => listener(code)),
      kill: () => void child.kill(),
    },
    handlers,
  );
}
