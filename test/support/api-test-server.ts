/**
 * A real node:http server on 127.0.0.1 with canned answers, for the client's tests.
 * It records every request it receives (method, path, query, parsed body).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
  headers: IncomingMessage['headers'];
}

interface CannedResponse {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (wins over `json`). */
  text?: string;
  headers?: Record<string, string>;
  /** Never answer. */
  hang?: boolean;
  /** Destroy the connection after the request was read. */
  reset?: boolean;
}

type Responder = (req: RecordedRequest) => CannedResponse;

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Sets the answer for the following requests. */
  respond(responder: Responder | CannedResponse): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => ({ json: { success: true, data: null, status: 'OK' } });

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await readBody(req);
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      body: raw === '' ? undefined : (JSON.parse(raw) as unknown),
      headers: req.headers,
    };
    requests.push(recorded);
    const answer = responder(recorded);
    if (answer.hang) return;
    if (answer.reset) {
      req.socket.destroy();
      return;
    }
    const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
    res.end(text);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respond(next) {
      responder = typeof next === 'function' ? next : () => next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 where nothing listens (a server was started there and closed). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
