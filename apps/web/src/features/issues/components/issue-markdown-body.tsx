import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';

import { safeExternalUrl } from '@/lib/safe-url';
import { rehypePlugins, remarkPlugins } from '../lib/markdown';

const isTaskList = (className: string | undefined) =>
  className?.split(' ').includes('contains-task-list') ?? false;

/**
 * An issue body is text anyone on GitHub can write. It is rendered as GitHub flavoured markdown
 * through the sanitising pipeline of `lib/markdown` (the same one the cards' excerpts read), and
 * only through React: links and images must be absolute http(s) addresses, and links open in a
 * new tab without a handle back to this page.
 */
const components: Components = {
  a: ({ href, children, node: _node, ...props }) => {
    const safe = safeExternalUrl(href);
    if (!safe) return <span>{children}</span>;
    return (
      <a
        {...props}
        href={safe}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-primary underline underline-offset-4 [overflow-wrap:anywhere]"
      >
        {children}
      </a>
    );
  },
  img: ({ src, alt, node: _node }) => {
    const safe = typeof src === 'string' ? safeExternalUrl(src) : undefined;
    if (!safe) return alt ? <span>{alt}</span> : null;
    return (
      <img
        src={safe}
        alt={alt ?? ''}
        loading="lazy"
        className="my-3 h-auto max-w-full rounded-md"
      />
    );
  },
  h1: (props: ComponentProps<'h1'>) => <Heading level={2} {...props} />,
  h2: (props: ComponentProps<'h2'>) => <Heading level={3} {...props} />,
  h3: (props: ComponentProps<'h3'>) => <Heading level={4} {...props} />,
  h4: (props: ComponentProps<'h4'>) => <Heading level={5} {...props} />,
  h5: (props: ComponentProps<'h5'>) => <Heading level={6} {...props} />,
  h6: (props: ComponentProps<'h6'>) => <Heading level={6} {...props} />,
  pre: ({ node: _node, ...props }) => (
    <pre
      {...props}
      className="my-3 max-w-full overflow-x-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed"
    />
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      {...props}
      className={
        className?.includes('language-')
          ? className
          : 'rounded bg-muted px-1 py-0.5 font-mono text-[0.85em] [overflow-wrap:anywhere]'
      }
    />
  ),
  table: ({ node: _node, ...props }) => (
    <div className="my-3 max-w-full overflow-x-auto">
      <table {...props} className="w-full border-collapse text-sm" />
    </div>
  ),
  th: ({ node: _node, ...props }) => (
    <th {...props} className="border px-2 py-1 text-left font-semibold" />
  ),
  td: ({ node: _node, ...props }) => <td {...props} className="border px-2 py-1" />,
  blockquote: ({ node: _node, ...props }) => (
    <blockquote {...props} className="my-3 border-l-4 pl-4 text-muted-foreground" />
  ),
  // A GFM task list shows its checkboxes instead of bullets.
  ul: ({ node: _node, className, ...props }) => (
    <ul {...props} className={isTaskList(className) ? 'my-3 pl-1' : 'my-3 list-disc pl-6'} />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol {...props} className={isTaskList(className) ? 'my-3 pl-1' : 'my-3 list-decimal pl-6'} />
  ),
  li: ({ node: _node, className, ...props }) => (
    <li {...props} className={className === 'task-list-item' ? 'my-1 list-none' : 'my-1'} />
  ),
  input: ({ node: _node, ...props }) => (
    <input {...props} className="mr-2 size-3.5 translate-y-0.5 accent-primary" />
  ),
  p: ({ node: _node, ...props }) => <p {...props} className="my-3 first:mt-0 last:mb-0" />,
  hr: () => <hr className="my-4" />,
};

const HEADING_CLASSES = {
  2: 'mt-5 mb-2 text-xl font-semibold',
  3: 'mt-5 mb-2 text-lg font-semibold',
  4: 'mt-4 mb-2 text-base font-semibold',
  5: 'mt-4 mb-2 text-sm font-semibold',
  6: 'mt-4 mb-2 text-sm font-semibold text-muted-foreground',
} as const;

/** The page title is the h1, so the body's headings start one level below it. */
function Heading({
  level,
  node: _node,
  ...props
}: ComponentProps<'h2'> & { level: 2 | 3 | 4 | 5 | 6; node?: unknown }) {
  const Tag = `h${String(level)}` as 'h2';
  return <Tag {...props} className={HEADING_CLASSES[level]} />;
}

export function IssueMarkdownBody({ body }: { body: string }) {
  if (body.trim() === '') {
    return <p className="text-sm text-muted-foreground italic">No description provided.</p>;
  }
  return (
    <div className="min-w-0 text-sm leading-relaxed break-words" data-testid="issue-body">
      <Markdown remarkPlugins={remarkPlugins} rehypePlugins={rehypePlugins} components={components}>
        {body}
      </Markdown>
    </div>
  );
}
