import type { MaintainerRepository } from '@openstake/core';
import { Bot, GitPullRequest, CircleDot, Lock, Globe } from 'lucide-react';
import { Link } from 'react-router';

import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { RepositoryLanguage } from '@/features/issues/components/repository-language';
import { StarCount } from '@/features/issues/components/star-count';
import {
  pullRequestsPath,
  repositoryIssuesPath,
  type RepositoryNavigationState,
} from '../lib/repository-paths';
import { pageSelectionState, repositoryKey } from '../lib/repository-table';
import { AppConnectionSettings } from './app-connection-settings';
import { RepositoryVouchesButton } from './repository-vouches';
import { RepositoryConnectionForm } from './repository-connection-form';
import { StakePolicySettings } from './stake-policy-settings';

export const NO_REPOSITORIES_TEXT = 'No repositories found.';
export const NO_MATCHING_REPOSITORIES_TEXT = 'No repositories match your search.';
export const VIA_APP_TEXT = 'via GitHub App';

interface RepositoriesTableProps {
  /** The rows of the current page. */
  rows: MaintainerRepository[];
  /** Whether the maintainer has any repository at all (picks the empty-state text). */
  hasRepositories: boolean;
  selected: ReadonlySet<string>;
  onSelectRow: (key: string, checked: boolean) => void;
  /** The select-all checkbox: (un)selects every row of the current page. */
  onSelectPage: (checked: boolean) => void;
}

/**
 * The repository table: a selection column, Repository and Actions. Below 768 px
 * each row stacks its actions under the repository, so Connect, Disconnect and the deduction
 * field are in sight on a phone rather than off the right edge of a table scrolled sideways.
 */
export function RepositoriesTable({
  rows,
  hasRepositories,
  selected,
  onSelectRow,
  onSelectPage,
}: RepositoriesTableProps) {
  const pageState = pageSelectionState(selected, rows.map(repositoryKey));
  return (
    <div className="min-w-0 rounded-xl border bg-card">
      <Table aria-label="Repositories" className="max-md:block">
        <TableHeader className="max-md:block">
          <TableRow className="hover:bg-transparent max-md:flex max-md:[&>th]:flex max-md:[&>th]:items-center">
            <TableHead className="w-10">
              <Checkbox
                aria-label="Select all repositories on this page"
                checked={pageState}
                disabled={rows.length === 0}
                onCheckedChange={(checked) => {
                  onSelectPage(checked === true);
                }}
              />
            </TableHead>
            <TableHead>Repository</TableHead>
            <TableHead className="max-md:hidden">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody className="max-md:block">
          {rows.length === 0 ? (
            <TableRow className="hover:bg-transparent max-md:block">
              <TableCell
                colSpan={3}
                className="h-24 text-center text-muted-foreground max-md:flex max-md:items-center max-md:justify-center"
              >
                {hasRepositories ? NO_MATCHING_REPOSITORIES_TEXT : NO_REPOSITORIES_TEXT}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((repository) => {
              const key = repositoryKey(repository);
              const isSelected = selected.has(key);
              return (
                <TableRow
                  key={key}
                  data-state={isSelected ? 'selected' : undefined}
                  data-testid="repository-row"
                  className="max-md:grid max-md:grid-cols-[2.5rem_minmax(0,1fr)]"
                >
                  <TableCell className="w-10 align-top max-md:row-span-2">
                    <Checkbox
                      className="mt-1"
                      aria-label={`Select ${repository.full_name}`}
                      checked={isSelected}
                      onCheckedChange={(checked) => {
                        onSelectRow(key, checked === true);
                      }}
                    />
                  </TableCell>
                  <TableCell className="align-top md:min-w-56">
                    <RepositoryCell repository={repository} />
                  </TableCell>
                  <TableCell className="align-top max-md:col-start-2 max-md:pt-0 md:min-w-72">
                    <div className="grid gap-2">
                      <RepositoryLinks repository={repository} />
                      <RepositoryConnectionForm repository={repository} />
                      {repository.connection && repository.canPush && (
                        <div>
                          <RepositoryVouchesButton
                            owner={repository.owner}
                            repo={repository.name}
                          />
                        </div>
                      )}
                      {repository.connection?.viaApp && (
                        <AppConnectionSettings
                          repository={repository}
                          botComments={repository.connection.botComments}
                        />
                      )}
                      {repository.connection && (
                        <StakePolicySettings
                          repository={repository}
                          connection={repository.connection}
                        />
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function RepositoryCell({ repository }: { repository: MaintainerRepository }) {
  const isPrivate = repository.visibility === 'Private';
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium wrap-anywhere">{repository.full_name}</span>
        <Badge variant={isPrivate ? 'secondary' : 'outline'}>
          {isPrivate ? <Lock aria-hidden="true" /> : <Globe aria-hidden="true" />}
          {repository.visibility}
        </Badge>
        {repository.connection && (
          <Badge variant="success">
            Connected · {repository.connection.deductionPercent}% deduction
          </Badge>
        )}
        {repository.connection?.viaApp && (
          <Badge variant="outline">
            <Bot aria-hidden="true" />
            {VIA_APP_TEXT}
          </Badge>
        )}
      </div>
      {repository.description && (
        <p className="line-clamp-2 text-sm break-words text-muted-foreground">
          {repository.description}
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {repository.language && <RepositoryLanguage language={repository.language} />}
        <StarCount count={repository.stargazers_count} />
      </p>
    </div>
  );
}

/**
 * The product's labels over its swapped routes: 'Pull Requests' opens /issues, which lists
 * pull requests, and 'Issues' opens /prs, which lists issues. Each page shows what its label says.
 */
function RepositoryLinks({ repository }: { repository: MaintainerRepository }) {
  const state: RepositoryNavigationState = {
    repository: {
      owner: repository.owner,
      name: repository.name,
      htmlUrl: repository.html_url,
    },
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Link
        to={pullRequestsPath(repository.owner, repository.name)}
        state={state}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        <GitPullRequest aria-hidden="true" />
        Pull Requests
      </Link>
      <Link
        to={repositoryIssuesPath(repository.owner, repository.name)}
        state={state}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        <CircleDot aria-hidden="true" />
        Issues
      </Link>
    </div>
  );
}
