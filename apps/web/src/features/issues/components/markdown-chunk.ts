// What the markdown pipeline renders, as one module that is only ever imported lazily
// (hooks/use-markdown.ts): react-markdown, remark, rehype and parse5 (Vite's `markdown` chunk)
// are downloaded the first time a screen shows an issue's text, never with an area's screens.
export { issueExcerpt } from '../lib/excerpt';
export { IssueMarkdownBody } from './issue-markdown-body';
