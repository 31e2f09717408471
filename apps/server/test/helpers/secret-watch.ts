import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { isNotNull } from 'drizzle-orm';
import type { App } from '../../src/app';
import {
  apiKeys,
  demoWallets,
  githubAccounts,
  mailOutbox,
  repositories,
  users,
} from '../../src/db/schema';
import { AppError } from '../../src/errors';
import { decryptSecret } from '../../src/lib/secret-box';
import { SecretScanner, type Leak, type ScanStats, type SecretKind } from './secret-scan';

/**
 * Issue 9's "Secrets" check for one test app: every response it sends (through inject and over
 * real HTTP) and every line it logs is recorded; `check()` gathers the secrets known then and
 * reports any that a response or log line holds. An API key may stand in its own creation
 * response, and a session token in responses (only logs must never hold it).
 *
 * Secrets come from the database (password hashes, decrypted GitHub tokens and webhook secrets,
 * API key hashes, demo wallets' keys), from the configuration (session secret, encryption key, client and LLM
 * secrets, the SMTP password), from what tests send (passwords), from responses (API
 * keys at creation, session tokens), and from the app's GitHub client as it runs (every code it
 * exchanged, every token it got back, every webhook secret it gave GitHub), so a secret replaced
 * or deleted before the check is still looked for.
 */
export class SecretWatch {
  readonly scanner = new SecretScanner();
  private app: App | undefined;

  /** One line the server logged (called by the test app's log sink). */
  recordLogLine(line: string): void {
    let label = 'that is not JSON';
    try {
      const parsed = JSON.parse(line) as {
        level?: number;
        msg?: string;
        req?: { method?: string; url?: string };
      };
      const request = parsed.req ? ` ${parsed.req.method ?? ''} ${parsed.req.url ?? ''}` : '';
      label = `${JSON.stringify(parsed.msg ?? '')}${request} (level ${parsed.level ?? '?'})`;
    } catch {
      // Recorded all the same: a non-JSON line is searched like any other.
    }
    this.scanner.record({ type: 'log line', label, text: line });
  }

  /** Starts recording the app's responses and its GitHub client's secrets. */
  attach(app: App): void {
    this.app = app;
    this.watchInject(app);
    this.watchHttp(app);
    this.watchGithub(app);
    const { config, secrets } = app.ctx;
    this.scanner.add('session secret', new TextDecoder().decode(secrets.sessionSecret));
    const key = secrets.encryptionKey;
    this.scanner.add('encryption key', key.toString('hex'), {
      forms: [
        key.toString('hex').toUpperCase(),
        key.toString('base64'),
        config.ENCRYPTION_KEY ?? '',
      ],
    });
    if (config.LLM_API_KEY) this.scanner.add('LLM API key', config.LLM_API_KEY);
    if (config.CHAIN_OPERATOR_KEY) {
      this.scanner.add('chain operator key', config.CHAIN_OPERATOR_KEY);
    }
    // The SMTP server's password, as configured (SMTP_URL's, percent-encoded) and as sent.
    const smtpPassword = config.SMTP_URL ? new URL(config.SMTP_URL).password : '';
    if (smtpPassword) {
      this.scanner.add('SMTP password', decodeURIComponent(smtpPassword), {
        forms: [smtpPassword],
      });
    }
    this.scanner.add('OAuth client secret', app.ctx.github.config.clientSecret);
    const githubApp = app.ctx.githubApp;
    if (githubApp) {
      const key = githubApp.settings.privateKey;
      // Any line of the key's body gives it away, in a PEM, escaped on one line, or cut anywhere.
      const body = key.split('\n').filter((line) => !line.startsWith('-----'));
      this.scanner.add('GitHub App private key', key, {
        forms: [JSON.stringify(key).slice(1, -1), ...body.filter((line) => line.length >= 32)],
      });
      this.scanner.add('GitHub App webhook secret', githubApp.settings.webhookSecret);
    }
  }

  /** A secret the app was handed apart from its configuration (the demo chain's operator key). */
  addChainOperatorKey(key: string): void {
    this.scanner.add('chain operator key', key, { forms: [key.slice(2), key.toUpperCase()] });
  }

  /** Gathers the secrets known now and returns the leaks not reported before. */
  async check(): Promise<Leak[]> {
    await this.gatherStored();
    return this.scanner.scan();
  }

  stats(): ScanStats {
    return this.scanner.stats();
  }

  known(): readonly { kind: SecretKind; value: string }[] {
    return this.scanner.known();
  }

  private async gatherStored(): Promise<void> {
    const app = this.app;
    if (!app) return;
    const { db, secrets } = app.ctx;
    const decrypt = (stored: string) => {
      try {
        return decryptSecret(secrets.encryptionKey, stored);
      } catch {
        return undefined; // a value a test altered on purpose
      }
    };
    // A test may have closed the database (a failure test): then only what was recorded counts.
    await ignoreClosedDatabase(async () => {
      const hashes = await db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(isNotNull(users.passwordHash));
      for (const { hash } of hashes) {
        if (!hash) continue;
        // The digest alone is as bad as the whole hash.
        this.scanner.add('password hash', hash, { forms: [hash.slice(hash.lastIndexOf('$') + 1)] });
      }
      for (const { token } of await db
        .select({ token: githubAccounts.accessTokenEncrypted })
        .from(githubAccounts)) {
        const plain = decrypt(token);
        if (plain) this.scanner.add('GitHub token', plain);
      }
      for (const { secret } of await db
        .select({ secret: repositories.webhookSecretEncrypted })
        .from(repositories)
        .where(isNotNull(repositories.webhookSecretEncrypted))) {
        const plain = secret ? decrypt(secret) : undefined;
        if (plain) this.scanner.add('webhook secret', plain);
      }
      for (const { hash } of await db.select({ hash: apiKeys.keyHash }).from(apiKeys)) {
        this.scanner.add('API key hash', hash);
      }
      // A mailed link's token (to confirm an address, to set a new password) is stored only as
      // its hash; the mail itself holds it, and no log line may. The demo mailbox shows mails, so
      // responses are not checked for it.
      for (const { text } of await db.select({ text: mailOutbox.text }).from(mailOutbox)) {
        for (const [, token] of text.matchAll(/[?&]token=([A-Za-z0-9_-]{43})/g)) {
          if (token) this.scanner.add('mail token', token, { logsOnly: true });
        }
      }
      // Demo mode's wallet keys sign on the server only: no response or log line may hold one.
      for (const { key } of await db
        .select({ key: demoWallets.privateKeyEncrypted })
        .from(demoWallets)) {
        const plain = decrypt(key);
        if (plain) this.scanner.add('demo wallet key', plain, { forms: [plain.slice(2)] });
      }
    });
  }

  private watchInject(app: App): void {
    const server = app.server;
    const inject = server.inject.bind(server) as (
      options: InjectOptions | string,
    ) => Promise<LightMyRequestResponse>;
    const replacement = async (options?: InjectOptions | string, callback?: unknown) => {
      if (options === undefined || callback !== undefined) {
        throw new Error(
          'The secrets check records `await server.inject(options)`: use that form, so the response is checked',
        );
      }
      const res = await inject(options);
      // Only an accepted request's password is a secret: a refused one (fuzzing) is noise.
      if (typeof options === 'object' && res.statusCode < 400)
        this.notePayload(options.payload ?? options.body);
      this.recordResponse({
        method: res.raw.req.method ?? 'GET',
        url: res.raw.req.url ?? '',
        status: res.statusCode,
        headers: res.headers,
        body: res.rawPayload.toString('utf8'),
        via: '',
      });
      return res;
    };
    (server as unknown as { inject: typeof replacement }).inject = replacement;
  }

  /** Responses over a real port (tests that `listen`, webhooks from the simulator). */
  private watchHttp(app: App): void {
    app.server.server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      const headers: OutgoingHttpHeaders = {};
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (typeof chunk === 'string') {
          chunks.push(
            Buffer.from(chunk, typeof encoding === 'string' ? (encoding as never) : 'utf8'),
          );
        } else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      };
      const writeHead = res.writeHead;
      const write = res.write;
      const end = res.end;
      const patched = res as unknown as Record<'writeHead' | 'write' | 'end', unknown>;
      patched.writeHead = function (this: ServerResponse, ...args: unknown[]) {
        for (const arg of args) {
          if (Array.isArray(arg)) {
            for (let i = 0; i + 1 < arg.length; i += 2)
              headers[String(arg[i])] = String(arg[i + 1]);
          } else if (arg && typeof arg === 'object') Object.assign(headers, arg);
        }
        return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
      };
      patched.write = function (this: ServerResponse, ...args: unknown[]) {
        keep(args[0], args[1]);
        return (write as (...a: unknown[]) => boolean).apply(this, args);
      };
      patched.end = function (this: ServerResponse, ...args: unknown[]) {
        if (typeof args[0] !== 'function') keep(args[0], args[1]);
        return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      };
      // 'finish' comes once the response is handed to the network, before the client has read it
      // all; 'close' alone when the connection went first.
      let recorded = false;
      const record = () => {
        if (recorded) return;
        recorded = true;
        this.recordResponse({
          method: req.method ?? 'GET',
          url: req.url ?? '',
          status: res.statusCode,
          headers: { ...res.getHeaders(), ...headers },
          body: Buffer.concat(chunks).toString('utf8'),
          via: ' over HTTP',
        });
      };
      res.once('finish', record);
      res.once('close', record);
    });
  }

  /** The app's own GitHub client, wrapped to note what passes through it (behaviour unchanged). */
  private watchGithub(app: App): void {
    const github = app.ctx.github;
    const exchangeCode = github.exchangeCode.bind(github);
    github.exchangeCode = async (input) => {
      // A code GitHub refuses as unknown is no secret (the fuzzing suite invents thousands); one
      // it accepted, or could not check because it was down, is.
      try {
        const result = await exchangeCode(input);
        this.scanner.add('OAuth code', input.code);
        this.scanner.add('GitHub token', result.token);
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'GITHUB_UNAVAILABLE')
          this.scanner.add('OAuth code', input.code);
        throw error;
      }
    };
    const githubApp = app.ctx.githubApp;
    if (githubApp) {
      const installationToken = githubApp.installationToken.bind(githubApp);
      githubApp.installationToken = async (installationId) => {
        const token = await installationToken(installationId);
        this.scanner.add('GitHub token', token);
        return token;
      };
    }
    const createWebhook = github.createWebhook.bind(github);
    github.createWebhook = async (token, input) => {
      this.scanner.add('webhook secret', input.secret);
      return createWebhook(token, input);
    };
  }

  private recordResponse(response: {
    method: string;
    url: string;
    status: number;
    headers: OutgoingHttpHeaders;
    body: string;
    via: string;
  }): void {
    const head = Object.entries(response.headers)
      .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join('\n') : String(value)}`)
      .join('\n');
    const index = this.scanner.record({
      type: 'response',
      label: `${response.method} ${response.url} → ${response.status}${response.via}`,
      text: `${head}\n\n${response.body}`,
      bodyStart: head.length + 2,
    });
    const json = parseJson(response.body);
    // The one response allowed to show an API key: the one that created it.
    const created = json?.data?.secretKey;
    if (response.status === 201 && typeof created === 'string') {
      this.scanner.add('API key', created, { allowedIn: index });
    }
    // Session tokens are handed out in responses; a log line must never hold one.
    if (typeof json?.token === 'string') {
      this.scanner.add('session token', json.token, { logsOnly: true });
    }
    const setCookie = response.headers['set-cookie'];
    for (const cookie of [setCookie ?? []].flat()) {
      const match = /^openstake_session=([^;]+)/.exec(String(cookie));
      if (match?.[1]) this.scanner.add('session token', match[1], { logsOnly: true });
    }
  }

  /** Passwords a test sent (register, login, changes): none may come back or be logged. */
  private notePayload(payload: unknown): void {
    const value =
      typeof payload === 'string' || Buffer.isBuffer(payload)
        ? parseJson(payload.toString())
        : payload;
    // Iterative: the fuzzing suite sends bodies nested far deeper than the call stack.
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const node = pending.pop();
      if (!node || typeof node !== 'object') continue;
      for (const [key, child] of Object.entries(node)) {
        if (/password/i.test(key) && typeof child === 'string') this.scanner.add('password', child);
        else pending.push(child);
      }
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON body
function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function ignoreClosedDatabase(read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/closed|ended|terminat|not open|Cannot use a pool/i.test(message)) throw error;
  }
}

/** Leaks as one readable failure: which kind, where; never the secret itself. */
export const describeLeaks = (messages: string[]): string =>
  `Secrets leaked (${messages.length}):\n${messages.map((m) => `  - ${m}`).join('\n')}`;

/** What the watches of one test file covered: responses, log lines, distinct secrets by kind. */
export interface SecretsFileSummary extends ScanStats {
  file: string;
  secrets: Partial<Record<SecretKind, number>>;
  /** Leaks that failed the file (not those a test looked for on purpose). */
  leaks: number;
}

export function summarizeWatches(
  file: string,
  watches: readonly SecretWatch[],
  leaks: number,
): SecretsFileSummary {
  const summary: SecretsFileSummary = { file, responses: 0, logLines: 0, leaks, secrets: {} };
  const distinct = new Map<string, SecretKind>();
  for (const watch of watches) {
    const stats = watch.stats();
    summary.responses += stats.responses;
    summary.logLines += stats.logLines;
    for (const { kind, value } of watch.known())
      if (!distinct.has(value)) distinct.set(value, kind);
  }
  for (const kind of distinct.values()) summary.secrets[kind] = (summary.secrets[kind] ?? 0) + 1;
  return summary;
}
