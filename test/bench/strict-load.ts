/**
 * The conditions of issue 25's strict-server runs: the simulator in its own process, counting
 * each request on arrival (src/sim `strictRateLimits`), while another process keeps one core busy.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import type { SimStats } from '../../src/sim/index.js';

export interface SimHandle {
  url: Promise<string>;
  stats(): Promise<SimStats>;
  close(): Promise<void>;
}

function ask<T>(child: ChildProcess, key: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>): void => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message[key] as T);
    };
    const onExit = (code: number | null): void => {
      child.off('message', onMessage);
      reject(new Error(`the simulator process exited (code ${code}) before answering ${key}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** `latencyMs`: real ms added to every answer after the request was counted (its service time). */
export function startSimProcess(options: { apiKey: string; credits: number; timeScale: number; latencyMs: number; strict: boolean }): SimHandle {
  const child = fork(new URL('./sim-process.ts', import.meta.url), [JSON.stringify(options)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    url: ask<string>(child, 'url'),
    stats: () => {
      const reply = ask<SimStats>(child, 'stats');
      child.send('stats');
      return reply;
    },
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send('close');
      await exited;
    },
  };
}

/** Another process spinning on one core until stopped (its pid is the only one ever killed). */
export function startBusyCore(): { stop(): Promise<void> } {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
