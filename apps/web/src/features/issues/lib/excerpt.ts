import { markdownText } from './markdown';

/**
 * A short plain-text preview of an issue or pull request body for a card: the text the
 * sanitised markdown shows (no markup, no link addresses, no code blocks, nothing of a script),
 * cut at a word near `max` characters with an ellipsis. Every card's excerpt comes from here.
 */
export function issueExcerpt(body: string, max = 180): string {
  const text = markdownText(body);
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
