import { formatNumber, xpProvenance } from '@openstake/core';
import type { DirectoryContributor } from '@openstake/core';
import { Eye } from 'lucide-react';

import { RankBadge } from '../../../components/rank-badge';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table';
import { formatDate } from '../../../lib/format-date';
import { contributorName, lastActiveText, REPOSITORIES_LABEL } from '../lib/directory-display';
import { ActivityBadge } from './activity-badge';

interface DirectoryTableProps {
  contributors: readonly DirectoryContributor[];
  onViewProfile: (contributor: DirectoryContributor) => void;
  /** For 'Last Active' ('3 hours ago'); passed in so a render is a function of its inputs. */
  now: Date;
  busy?: boolean;
}

/**
 * The directory's rows (spec 001 s2.17). The table keeps its columns on a narrow screen and
 * scrolls sideways inside its box; the contributor column stays readable at 390 px.
 */
export function DirectoryTable({ contributors, onViewProfile, now, busy }: DirectoryTableProps) {
  return (
    <div className="rounded-xl border bg-card shadow-sm" aria-busy={busy || undefined}>
      <Table className="min-w-[52rem]" aria-label="Contributors">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Contributor</TableHead>
            <TableHead>Rank</TableHead>
            <TableHead className="text-right">XP</TableHead>
            <TableHead className="text-right">{REPOSITORIES_LABEL}</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Last Active</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {contributors.map((contributor) => {
            const name = contributorName(contributor);
            const provenance = xpProvenance(contributor);
            return (
              <TableRow key={contributor.id} data-testid="contributor-row">
                <TableCell>
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar name={name} className="size-9 text-sm" />
                    <div className="grid min-w-0">
                      <span className="truncate font-medium">{contributor.githubUsername}</span>
                      {contributor.name && (
                        <span className="truncate text-xs text-muted-foreground">
                          {contributor.name}
                        </span>
                      )}
                    </div>
                  </div>
                </TableCell>
                <TableCell>
                  <RankBadge rank={contributor.rank} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  <span className="font-semibold">{formatNumber(contributor.xp)}</span>
                  {provenance && (
                    <span className="block text-xs font-normal whitespace-nowrap text-muted-foreground">
                      {provenance}
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatNumber(contributor.repositories)}
                </TableCell>
                <TableCell>
                  <ActivityBadge isActive={contributor.isActive} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {contributor.lastActiveAt ? (
                    <time
                      dateTime={contributor.lastActiveAt}
                      title={formatDate(contributor.lastActiveAt)}
                    >
                      {lastActiveText(contributor.lastActiveAt, now)}
                    </time>
                  ) : (
                    lastActiveText(null, now)
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => {
                      onViewProfile(contributor);
                    }}
                  >
                    <Eye aria-hidden="true" />
                    View Profile
                    <span className="sr-only"> of {contributor.githubUsername}</span>
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
