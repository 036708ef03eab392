/**
 * `GET /events` (WebSocket): every engine event goes to every connected window as
 * `{"event": name, "payload": payload}`.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import type { EngineEventListener } from '../engine/client.js';

/** A window that stops reading is dropped rather than left to grow the server's memory. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
const PING_INTERVAL_MS = 30_000;

export interface EventStream {
  /** Takes over an upgrade request that has already passed the host and origin checks. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  readonly clients: number;
  close(): void;
}

export function createEventStream(source: { onEvent(listener: EngineEventListener): () => void }): EventStream {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const alive = new WeakMap<WebSocket, boolean>();

  const stop = source.onEvent((event, payload) => {
    let message: string;
    try {
      message = JSON.stringify({ event, payload });
    } catch {
      return;
    }
    for (const client of wss.clients) {
      if (client.readyState !== WebSocket.OPEN) continue;
      if (client.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.terminate();
        continue;
      }
      client.send(message);
    }
  });

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    // The stream is one-way; anything a window sends is ignored.
    ws.on('message', () => undefined);
    ws.on('error', () => ws.terminate());
  });

  const ping = setInterval(() => {
    for (const client of wss.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, PING_INTERVAL_MS);
  ping.unref();

  return {
    accept(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    get clients() {
      return wss.clients.size;
    },
    close() {
      stop();
      clearInterval(ping);
      for (const client of wss.clients) client.close(1001, 'Quayside harness is shutting down');
      // Sockets that do not finish the closing handshake promptly are cut.
      setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, 500).unref();
      wss.close();
    },
  };
}
