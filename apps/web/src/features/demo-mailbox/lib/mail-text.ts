/** A piece of a mail's text: words as they are, or an address to show as a link. */
export type MailTextPart = { text: string } | { link: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/**
 * Splits a mail's plain text into text and links, so the mailbox shows the links clickable
 * without ever reading the text as HTML. Only http(s) addresses become links; a sentence's
 * closing punctuation stays text.
 */
export function mailTextParts(text: string): MailTextPart[] {
  const parts: MailTextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ link });
    at = start + link.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
