import { ArrowLeft, GitPullRequest, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { buttonVariants } from '../../components/ui/button-variants';
import { RepositoryIssueList } from '../../features/maintainer-repositories/components/repository-issue-list';
import {
  REPOSITORIES_PATH,
  newIssuePath,
  pullRequestsPath,
} from '../../features/maintainer-repositories/lib/repository-paths';

/**
 * /maintainer/repo/:owner/:repo/prs (spec 001 s2.7): the route says prs, the page lists the
 * repository's open issues. New Issue opens the create-issue page with the repository filled in
 * (the spec's /issues/new target is not a route).
 */
export function RepositoryIssuesPage() {
  const { owner, repo } = useParams();
  if (!owner || !repo) {
    return (
      <p role="alert" className="text-destructive">
        Missing owner/repo information
      </p>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <nav aria-label="Repository" className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={REPOSITORIES_PATH}
          className={buttonVariants({ variant: 'ghost', className: '-ml-3' })}
        >
          <ArrowLeft aria-hidden="true" />
          Back
        </Link>
        <Link
          to={pullRequestsPath(owner, repo)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <GitPullRequest aria-hidden="true" />
          Pull Requests
        </Link>
      </nav>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight break-words">
            Issues for {owner}/{repo}
          </h1>
          <p className="text-sm text-muted-foreground">Open issues of this repository.</p>
        </div>
        <Link to={newIssuePath(owner, repo)} className={buttonVariants()}>
          <Plus aria-hidden="true" />
          New Issue
        </Link>
      </header>
      <RepositoryIssueList key={`${owner}/${repo}`} owner={owner} repo={repo} />
    </div>
  );
}
