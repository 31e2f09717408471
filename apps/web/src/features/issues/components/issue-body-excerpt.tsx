import { issueExcerpt } from '../lib/excerpt';

/** The first lines of an issue's or pull request's body, as plain text, on a list card. */
export function IssueBodyExcerpt({ body }: { body: string | null }) {
  const excerpt = issueExcerpt(body ?? '', 240);
  return (
    <p className="line-clamp-3 text-sm break-words text-muted-foreground">
      {excerpt || 'No description provided.'}
    </p>
  );
}
