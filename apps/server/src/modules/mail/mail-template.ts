import { NOTIFICATION_SETTINGS_PATH } from '@openstake/core';
import type { AppContext } from '../../context';

/**
 * A message as the outbox keeps it (`mail_outbox`), ready to send: what `queueMail` takes. Made
 * by a template (templates/), never by hand, so its text and HTML say the same and every link
 * in it is built from PUBLIC_URL.
 */
export interface MailMessage {
  to: string;
  /** The template it was made from. */
  kind: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** The account it is for, when it is for one. */
  userId?: string | null;
  /** Queues it at most once: a second message with the same key is dropped. */
  dedupeKey?: string | null;
}

/** Who a message goes to, and what the outbox keeps beside it. */
export interface MailEnvelope {
  to: string;
  userId?: string | null;
  dedupeKey?: string | null;
}

/**
 * The pieces a template writes a message with; each is plain text (never HTML), rendered to the
 * plain-text part as it is and to the HTML part escaped.
 * - `paragraph`: a paragraph (a line break in it stays one);
 * - `button`: a call to action, a link into the app (`appLink`), shown in the text part as the
 *   label and the address on its own line;
 * - `note`: small print (how long a link lasts, why you got this mail).
 */
export type MailBlock = { paragraph: string } | { button: string; url: string } | { note: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
  /**
   * A notification (not a mail the user asked for, such as a password reset): it carries
   * List-Unsubscribe and a footer link to the account's notification settings.
   */
  notification?: boolean;
}

type LinkCtx = Pick<AppContext, 'publicUrl'>;

/** An address in the app, built from PUBLIC_URL: `path` from the root, `query` encoded. */
export function appLink(ctx: LinkCtx, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${ctx.publicUrl()}/`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe in HTML content and in a double-quoted attribute. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** A header value on one line: a line break in it would start a header of its own. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

function blockText(block: MailBlock): string {
  if ('paragraph' in block) return block.paragraph;
  if ('button' in block) return `${block.button}:\n${block.url}`;
  return block.note;
}

function blockHtml(block: MailBlock): string {
  const lines = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');
  if ('paragraph' in block) return `<p style="margin:0 0 16px">${lines(block.paragraph)}</p>`;
  if ('note' in block) {
    return `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">${lines(block.note)}</p>`;
  }
  const href = escapeHtml(block.url);
  return (
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#111827;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${lines(block.button)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, open this address: <a href="${href}" style="color:#2563eb;word-break:break-all">${escapeHtml(block.url)}</a></p>`
  );
}

/** A message's rendered parts, before it has a recipient. */
export type RenderedMail = Pick<MailMessage, 'kind' | 'subject' | 'text' | 'html' | 'headers'>;

/**
 * Renders a template's content: the subject, the plain-text and the HTML part from the same
 * blocks, and List-Unsubscribe on a notification. Every button must lead into the app (an
 * address under PUBLIC_URL): a template cannot link elsewhere by mistake.
 */
export function renderContent(kind: string, content: MailContent, ctx: LinkCtx): RenderedMail {
  const origin = ctx.publicUrl();
  for (const block of content.blocks) {
    if ('button' in block && !block.url.startsWith(`${origin}/`)) {
      throw new Error(`mail ${kind}: a button leads outside the app (${block.url})`);
    }
  }
  const subject = oneLine(content.subject);
  const settingsUrl = appLink(ctx, NOTIFICATION_SETTINGS_PATH);
  const footerText = content.notification
    ? `You get this mail because of your notification settings; change them at ${settingsUrl}`
    : undefined;

  const text = [
    ...content.blocks.map(blockText),
    '-- ',
    `OpenStake · ${origin}`,
    ...(footerText ? [footerText] : []),
  ].join('\n\n');

  const footerHtml = [
    `<a href="${escapeHtml(origin)}" style="color:#6b7280">OpenStake</a>`,
    ...(content.notification
      ? [
          `You get this mail because of your <a href="${escapeHtml(settingsUrl)}" style="color:#6b7280">notification settings</a>.`,
        ]
      : []),
  ].join(' · ');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f3f4f6;font-family:${FONT}">`,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr>',
    `<td style="padding:28px 28px 12px;font-size:16px;line-height:1.5;color:#111827">`,
    ...content.blocks.map(blockHtml),
    '</td></tr></table>',
    `<p style="margin:16px 0 0;font-size:12px;color:#6b7280">${footerHtml}</p>`,
    '</td></tr></table></body></html>',
  ].join('\n');

  return {
    kind,
    subject,
    text,
    html,
    headers: content.notification ? { 'List-Unsubscribe': `<${settingsUrl}>` } : {},
  };
}

/** renderContent for one recipient: the message `queueMail` takes. */
export function renderMail(
  kind: string,
  content: MailContent,
  envelope: MailEnvelope,
  ctx: LinkCtx,
): MailMessage {
  return {
    ...renderContent(kind, content, ctx),
    to: envelope.to,
    userId: envelope.userId ?? null,
    dedupeKey: envelope.dedupeKey ?? null,
  };
}
