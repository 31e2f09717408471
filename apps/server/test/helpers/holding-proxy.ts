import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HoldRule {
  method: string;
  /** Matched against the request path (with its query). */
  path: RegExp;
  /**
   * 'request': GitHub does not see the request until it is released.
   * 'response': GitHub acts on it at once; its answer reaches the server only when released.
   */
  phase: 'request' | 'response';
}

export interface Held {
  /** Resolves once the exchange has reached the hold point. */
  reached: Promise<void>;
  /** Lets the exchange go on; one never released is dropped when the proxy closes. */
  release(): void;
}

export interface HoldingProxy {
  /** What to give the server as GitHub's address (paths are forwarded as they are). */
  origin: string;
  /** Holds the next exchange matching the rule. */
  hold(rule: HoldRule): Held;
  /** Closes every connection, answering nothing more, and stops the proxy. */
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A pass-through HTTP proxy in front of the GitHub simulator that can stop an exchange at a chosen
 * point: a fault injected into the network, so a test can put a server exactly between two of its
 * steps (and kill it there, or let something else happen first). Everything else is forwarded
 * untouched.
 */
export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const targetUrl = new URL(target);
  const rules: (HoldRule & { reached: () => void; released: Promise<void> })[] = [];
  const sockets = new Set<Socket>();

  const forward = (req: http.IncomingMessage, body: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const upstream = http.request(
        {
          host: targetUrl.hostname,
          port: targetUrl.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: targetUrl.host },
        },
        (answer) => {
          readAll(answer).then(
            (data) =>
              resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: data }),
            reject,
          );
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      const index = rules.findIndex((r) => r.method === req.method && r.path.test(req.url ?? ''));
      const rule = index >= 0 ? rules.splice(index, 1)[0] : undefined;
      if (rule?.phase === 'request') {
        rule.reached();
        await rule.released;
      }
      const answer = await forward(req, body);
      if (rule?.phase === 'response') {
        rule.reached();
        await rule.released;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    })().catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${String(port)}`,
    hold(rule) {
      let reached!: () => void;
      let release!: () => void;
      const held: Held = {
        reached: new Promise((resolve) => (reached = resolve)),
        release: () => release(),
      };
      const released = new Promise<void>((resolve) => (release = resolve));
      rules.push({ ...rule, reached, released });
      return held;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
