/**
 * The harness's engine, forked before the harness loads the rest of itself (the contract's
 * schemas, the socket server): the engine's own start is the longest step before the first row,
 * so it begins first. startHarness supplies the handlers once it has what they answer with.
 */
import type { EngineClient, EngineClientHandlers } from '../engine/client.js';
import { spawnNodeEngine } from '../engine/spawn-node.js';

export interface EarlyEngine {
  readonly engine: EngineClient;
  /** The handlers the engine's requests and notices go to; none arrive before `start` is sent. */
  handle(handlers: EngineClientHandlers): void;
}

export function spawnEarlyEngine(): EarlyEngine {
  let bound: EngineClientHandlers = {};
  const engine = spawnNodeEngine({
    request: (request) => (bound.request ? bound.request(request) : Promise.reject(new Error('The harness is still starting.'))),
    reopened: (state) => bound.reopened?.(state),
    demoReady: () => bound.demoReady?.(),
    log: (line) => bound.log?.(line),
    exited: (code) => bound.exited?.(code),
  });
  return {
    engine,
    handle: (handlers) => {
      bound = handlers;
    },
  };
}
