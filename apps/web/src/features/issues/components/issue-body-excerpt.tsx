import { IssueExcerpt } from './issue-excerpt';

/** The first lines of an issue's or pull request's body, as plain text, on a list card. */
export function IssueBodyExcerpt({ body }: { body: string | null }) {
  return (
    <IssueExcerpt
      body={body ?? ''}
      max={240}
      empty="No description provided."
      className="line-clamp-3 break-words"
    />
  );
}
