import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Devnet, type DevAccount, type DevnetOptions } from './devnet';
import { answerJsonRpc } from './rpc';

const MAX_BODY = 1024 * 1024;

export interface EvmDevnet {
  /** The JSON-RPC endpoint (`http://127.0.0.1:<port>`). */
  url: string;
  chainId: number;
  /** Funded accounts from fixed, public keys: for this local chain only. */
  accounts: DevAccount[];
  devnet: Devnet;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Starts a devnet and serves its JSON-RPC on loopback (POST, any path). Port 0 picks a free one.
 */
export async function startEvmDevnet(
  options: DevnetOptions & { host?: string; port?: number } = {},
): Promise<EvmDevnet> {
  const devnet = await Devnet.create(options);
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') {
      send(405, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'POST only' } });
      return;
    }
    readBody(req)
      .then(async (text) => {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
          return;
        }
        send(200, await answerJsonRpc(devnet, body));
      })
      .catch((error: unknown) => {
        if (!res.headersSent) {
          send(413, {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: (error as Error).message },
          });
        }
      });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${String(port)}`,
    chainId: devnet.chainId,
    accounts: devnet.accounts,
    devnet,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
