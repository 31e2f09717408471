import { CircleDot } from 'lucide-react';
import { useParams } from 'react-router';

import {
  MissingRepository,
  RepositoryPageFrame,
} from '@/features/maintainer-repositories/components/repository-page-frame';
import { repositoryIssuesPath } from '@/features/maintainer-repositories/lib/repository-paths';
import { PullRequestList } from '@/features/pull-requests/components/pull-request-list';

/**
 * /maintainer/repo/:owner/:repo/issues: the route says issues, the page lists
 * the repository's open pull requests, as the original route table has it.
 */
export function PullRequestsPage() {
  const { owner, repo } = useParams();
  if (!owner || !repo) return <MissingRepository message="Missing repo info" />;
  return (
    <RepositoryPageFrame
      otherList={{ to: repositoryIssuesPath(owner, repo), icon: CircleDot, label: 'Issues' }}
      title={
        <>
          {owner}/{repo} Pull Requests
        </>
      }
      description="Open pull requests. Review one, then merge it with feedback to reward the contributor."
    >
      <PullRequestList key={`${owner}/${repo}`} owner={owner} repo={repo} />
    </RepositoryPageFrame>
  );
}
