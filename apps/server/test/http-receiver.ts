// A real HTTP server that webhooks are delivered to, and the wait the tests use for what arrives.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
    });
    req.on("end", () => resolve(text));
  });
}

/** Waits (polling every 50 ms) until the check holds, or fails saying what it waited for. */
export async function until<T>(
  read: () => Promise<T> | T,
  holds: (value: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** How the receiver answers a request; by default 200 "ok". */
export type Answer = (req: IncomingMessage, res: ServerResponse, port: number) => void;

const ok: Answer = (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok");

/** Records every request it is sent; it can be taken down and brought back on the same port. */
export class HttpReceiver {
  readonly received: Received[] = [];
  private server: Server | null = null;
  port = 0;

  constructor(
    readonly host: string,
    private readonly answer: Answer = ok,
  ) {}

  get base(): string {
    return `http://${this.host}:${this.port}`;
  }

  /** What arrived at `path`, in order. */
  at(path: string): Received[] {
    return this.received.filter((hit) => hit.path === path);
  }

  async up(port = 0): Promise<void> {
    this.server = createServer((req, res) => {
      readBody(req).then((body) => {
        this.received.push({ path: req.url ?? "", headers: req.headers as Record<string, string>, body });
        this.answer(req, res, this.port);
      });
    });
    await new Promise<void>((done) => this.server!.listen(port, this.host, done));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Listens again on the reserved port, unless it already does. */
  async ensureUp(): Promise<void> {
    if (!this.server) await this.up(this.port);
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
}
