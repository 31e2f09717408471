import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { AddressObject, ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One message an in-process mailbox received, as mailparser read it. */
export interface ReceivedMail {
  /** The mailbox's own id for it (not its Message-ID). */
  id: string;
  receivedAt: Date;
  /** The SMTP envelope: who the client said sent it, and to whom it was delivered. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The From and To headers as written. */
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, or null when it had none. */
  html: string | null;
  /** The Message-ID header, angle brackets included, or null. */
  messageId: string | null;
  /** Every header, by lower-case name, its value as written (folded lines joined). */
  headers: Record<string, string>;
}

/**
 * An SMTP server in this process, on loopback, that keeps what it receives: demo mode sends its
 * mail here and shows it on /demo/mailbox, and the tests read it back. It takes no TLS; with
 * `auth` it requires that user and password (over plain text: loopback only), without it any
 * client.
 */
export interface Mailbox {
  /** `smtp://[user:password@]127.0.0.1:port`, for SMTP_URL. */
  readonly smtpUrl: string;
  readonly port: number;
  /** What it received, newest first; at most `keep` messages. */
  messages(): ReceivedMail[];
  /** Resolves with the messages once it holds at least `count`; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening (a client now meets a refused connection); what it received is kept. */
  stop(): Promise<void>;
  /** Listens again, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface MailboxOptions {
  /** The loopback port; 0 (the default) picks a free one. */
  port?: number;
  /** How many of the newest messages it keeps; 200 by default. */
  keep?: number;
  auth?: { user: string; password: string };
}

/** The largest message it takes; ours are a few kilobytes. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

const addresses = (value: AddressObject | AddressObject[] | undefined): string =>
  [value ?? []]
    .flat()
    .map((a) => a.text)
    .join(', ');

function headersOf(parsed: ParsedMail): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  return headers;
}

export async function startMailbox(options: MailboxOptions = {}): Promise<Mailbox> {
  const keep = options.keep ?? 200;
  const { auth } = options;
  const received: ReceivedMail[] = [];
  const events = new EventEmitter();

  const serverOptions: SMTPServerOptions = {
    secure: false,
    // Loopback only, so neither STARTTLS nor a certificate; AUTH only when a password is asked.
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.password) {
        callback(null, { user: login.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      // mailparser (about 27 MiB, 0.3 s) is loaded with the first message, not at start.
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then(
          (parsed) => {
            const { envelope } = session;
            received.unshift({
              id: randomUUID(),
              receivedAt: new Date(),
              envelopeFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
              envelopeTo: envelope.rcptTo.map((r) => r.address),
              from: addresses(parsed.from),
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              messageId: parsed.messageId ?? null,
              headers: headersOf(parsed),
            });
            received.splice(keep);
            events.emit('message');
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  };

  let server: SMTPServer | undefined;
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = new SMTPServer(serverOptions);
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.server.off('error', reject);
        // A refused client or a broken connection is the client's affair, not the server's end.
        next.on('error', () => undefined);
        port = (next.server.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await listen();
  const credentials = auth
    ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@`
    : '';
  return {
    smtpUrl: `smtp://${credentials}127.0.0.1:${String(port)}`,
    port,
    messages: () => [...received],
    waitForMessages(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          events.off('message', check);
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          events.off('message', check);
          reject(
            new Error(
              `the mailbox received ${String(received.length)} messages, not ${String(count)}`,
            ),
          );
        }, timeoutMs);
        events.on('message', check);
        check();
      });
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    close: stop,
  };
}
