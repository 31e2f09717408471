import type { Transporter } from 'nodemailer';

/** One message as it is handed to the SMTP server. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, name to value (List-Unsubscribe). */
  headers: Record<string, string>;
  /** The Message-ID, `<id@domain>`: the same on every attempt, so a receiver can drop a copy. */
  messageId: string;
}

/** Where mail leaves OpenStake: an SMTP server (the only implementation). */
export interface MailTransport {
  /** Resolves once the server accepted the message; rejects with a MailSendError. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * How a send failed: `refused`, the server refused the recipient for good (a 5xx answer to RCPT
 * TO); `unreachable`, no conversation with the server (refused connection, timeout, DNS, TLS, a
 * refused login), so the next message would fail too; `failed`, anything else (a 4xx answer).
 */
export type MailSendFailure = 'refused' | 'unreachable' | 'failed';

const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH']);

/** A send that failed. Its message never holds the SMTP password. */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    readonly failure: MailSendFailure,
  ) {
    super(message);
  }
}

// Short enough that a claimed message's lease (modules/mail/send-due-mail.ts) outlasts a send
// to a server that stopped answering: at most connection + greeting + socket timeouts.
const CONNECTION_TIMEOUT_MS = 10_000;
const GREETING_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The parts of an SMTP_URL (env.ts checked its shape): smtp:// (STARTTLS) or smtps:// (TLS). */
export function parseSmtpUrl(smtpUrl: string): {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  password: string | undefined;
} {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    user: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
  };
}

/** `text` with every spelling of `secret` (as typed, URL-encoded) replaced. */
export function withoutSecret(text: string, secret: string | undefined): string {
  if (!secret) return text;
  let out = text;
  for (const form of new Set([secret, encodeURIComponent(secret)])) {
    out = out.split(form).join('[redacted]');
  }
  return out;
}

/**
 * nodemailer over SMTP, one connection per message (mail is few and far between). nodemailer
 * (about 15 MiB) is loaded with the first message, not at start.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const { host, port, secure, user, password } = parseSmtpUrl(smtpUrl);
  let transporter: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host,
      port,
      secure,
      ...(user ? { auth: { user, pass: password ?? '' } } : {}),
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      // A message is made of our own strings only: never a file or a URL nodemailer would fetch.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  };
  return {
    async send(mail) {
      try {
        transporter ??= connect();
        await (
          await transporter
        ).sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          messageId: mail.messageId,
        });
      } catch (error) {
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        const message = error instanceof Error ? error.message : String(error);
        const failure: MailSendFailure =
          code === 'EENVELOPE' &&
          typeof responseCode === 'number' &&
          responseCode >= 500 &&
          responseCode < 600
            ? 'refused'
            : typeof code === 'string' && UNREACHABLE_CODES.has(code)
              ? 'unreachable'
              : 'failed';
        throw new MailSendError(
          withoutSecret(`${typeof code === 'string' ? `${code}: ` : ''}${message}`, password),
          failure,
        );
      }
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}
