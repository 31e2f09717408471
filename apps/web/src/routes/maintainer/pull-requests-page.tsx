import { ArrowLeft, CircleDot } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { buttonVariants } from '../../components/ui/button-variants';
import {
  REPOSITORIES_PATH,
  repositoryIssuesPath,
} from '../../features/maintainer-repositories/lib/repository-paths';
import { PullRequestList } from '../../features/pull-requests/components/pull-request-list';

/**
 * /maintainer/repo/:owner/:repo/issues (spec 001 s2.5): the route says issues, the page lists
 * the repository's open pull requests, as the spec's route table has it.
 */
export function PullRequestsPage() {
  const { owner, repo } = useParams();
  if (!owner || !repo) {
    return (
      <p role="alert" className="text-destructive">
        Missing repo info
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
          to={repositoryIssuesPath(owner, repo)}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <CircleDot aria-hidden="true" />
          Issues
        </Link>
      </nav>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words">
          {owner}/{repo} Pull Requests
        </h1>
        <p className="text-sm text-muted-foreground">
          Open pull requests. Review one, then merge it with feedback to reward the contributor.
        </p>
      </header>
      <PullRequestList key={`${owner}/${repo}`} owner={owner} repo={repo} />
    </div>
  );
}
