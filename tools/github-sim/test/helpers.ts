import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Octokit } from '@octokit/rest';
import type { GithubSim } from '../src/index';

/** The real Octokit client, pointed at the simulator like the product points it at GitHub. */
export function octokitFor(sim: GithubSim, login?: string): Octokit {
  return new Octokit({
    baseUrl: sim.apiUrl,
    ...(login ? { auth: sim.tokenFor(login) } : {}),
    log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The status the receiver answers with (default 204). */
  status: number;
  close(): Promise<void>;
}

/** A local HTTP server that records every webhook it receives. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    status: 204,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // Form hooks send `payload=<url-encoded JSON>`.
      const json = req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        ? new URLSearchParams(body).get('payload')
        : body;
      receiver.received.push({
        headers: req.headers,
        body,
        json: JSON.parse(json ?? '{}') as Record<string, unknown>,
      });
      res.statusCode = receiver.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.url = `http://127.0.0.1:${port}/webhooks/github`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Checks `X-Hub-Signature-256` the way a receiver must: HMAC of the raw body, constant time. */
export function hasValidSignature(webhook: ReceivedWebhook, secret: string): boolean {
  const header = webhook.headers['x-hub-signature-256'];
  if (typeof header !== 'string') return false;
  const expected = `sha256=${createHmac('sha256', secret).update(webhook.body).digest('hex')}`;
  return (
    header.length === expected.length && timingSafeEqual(Buffer.from(header), Buffer.from(expected))
  );
}
