/**
 * Addresses from outside (GitHub's html_url, a stake's pull-request URL typed by a user) are put
 * into links only when they are plain http(s): a 'javascript:' or 'data:' URL never becomes a
 * clickable link.
 */
export function safeExternalUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
