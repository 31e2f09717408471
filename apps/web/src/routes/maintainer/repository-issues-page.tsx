import { GitPullRequest, Plus } from 'lucide-react';
import { Link, useParams } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { RepositoryIssueList } from '@/features/maintainer-repositories/components/repository-issue-list';
import {
  MissingRepository,
  RepositoryPageFrame,
} from '@/features/maintainer-repositories/components/repository-page-frame';
import {
  newIssuePath,
  pullRequestsPath,
} from '@/features/maintainer-repositories/lib/repository-paths';

/**
 * /maintainer/repo/:owner/:repo/prs: the route says prs, the page lists the
 * repository's open issues. New Issue opens the create-issue page with the repository filled in
 * (the original /issues/new target is not a route).
 */
export function RepositoryIssuesPage() {
  const { owner, repo } = useParams();
  if (!owner || !repo) return <MissingRepository message="Missing owner/repo information" />;
  return (
    <RepositoryPageFrame
      otherList={{
        to: pullRequestsPath(owner, repo),
        icon: GitPullRequest,
        label: 'Pull Requests',
      }}
      title={
        <>
          Issues for {owner}/{repo}
        </>
      }
      description="Open issues of this repository."
      actions={
        <Link to={newIssuePath(owner, repo)} className={buttonVariants()}>
          <Plus aria-hidden="true" />
          New Issue
        </Link>
      }
    >
      <RepositoryIssueList key={`${owner}/${repo}`} owner={owner} repo={repo} />
    </RepositoryPageFrame>
  );
}
