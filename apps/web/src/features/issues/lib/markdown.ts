import type { ElementContent, Root, RootContent } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';

/**
 * How OpenStake reads an issue or pull request body, which anyone on GitHub can write: GitHub
 * flavoured markdown (tables, task lists, strikethrough, autolinks), with raw HTML parsed like a
 * browser would (rehype-raw) and then cut down by rehype-sanitize to GitHub's own allow-list: no
 * scripts, event handlers, styles, frames or javascript: links. The issue page renders this tree
 * and the cards' excerpts are its text, so a card never shows what the page does not.
 */

/**
 * Elements removed together with their content. GitHub's schema strips only <script>; the
 * others are not allowed either, and without stripping them their text (a stylesheet, a
 * textarea's value) would be shown as if it were prose.
 */
const STRIPPED_ELEMENTS = [
  'script',
  'style',
  'textarea',
  'title',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'template',
  'xmp',
  'select',
];

export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  strip: [...new Set([...(defaultSchema.strip ?? []), ...STRIPPED_ELEMENTS])],
};

/** For react-markdown and the text pipeline alike. */
export const remarkPlugins: PluggableList = [remarkGfm];
export const rehypePlugins: PluggableList = [rehypeRaw, [rehypeSanitize, sanitizeSchema]];

const processor = unified()
  .use(remarkParse)
  .use(remarkPlugins)
  // Raw HTML goes on to rehype-raw, then the sanitiser, exactly as react-markdown passes it.
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypePlugins)
  .freeze();

/** Inline elements: their text runs on with the words around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'tt',
  'u',
  'var',
]);

function textOf(nodes: (RootContent | ElementContent)[], out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'text') {
      out.push(node.value);
    } else if (node.type === 'element') {
      // A code block is not prose: a preview of it says nothing about the issue.
      if (node.tagName === 'pre') {
        out.push(' ');
        continue;
      }
      if (node.tagName === 'img') {
        const alt = node.properties.alt;
        out.push(' ', typeof alt === 'string' ? alt : '', ' ');
        continue;
      }
      const block = !INLINE.has(node.tagName);
      if (block) out.push(' ');
      textOf(node.children, out);
      if (block) out.push(' ');
    }
  }
}

/**
 * The plain text a body shows once rendered and sanitised, whitespace folded: what the issue
 * page displays, without code blocks. Scripts, styles and the like contribute nothing.
 */
export function markdownText(body: string): string {
  const tree = processor.runSync(processor.parse(body)) as Root;
  const out: string[] = [];
  textOf(tree.children, out);
  return out.join('').replace(/\s+/g, ' ').trim();
}
