import { formatNumber, xpProvenance } from '@openstake/core';
import type { DirectoryContributor } from '@openstake/core';
import { Eye } from 'lucide-react';

import { RankBadge } from '@/components/rank-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDate } from '@/lib/format-date';
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
 * The directory's rows. Below 768 px each row stacks: the contributor, then
 * rank, XP, repositories, status and last activity on a wrapping line (each figure says what it
 * counts, as the column headings are not shown), then View Profile, all in sight on a phone.
 */
export function DirectoryTable({ contributors, onViewProfile, now, busy }: DirectoryTableProps) {
  return (
    <div className="rounded-xl border bg-card shadow-sm" aria-busy={busy || undefined}>
      <Table className="max-md:block md:min-w-[52rem]" aria-label="Contributors">
        <TableHeader className="max-md:hidden">
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
        <TableBody className="max-md:block">
          {contributors.map((contributor) => {
            const name = contributorName(contributor);
            const provenance = xpProvenance(contributor);
            return (
              <TableRow
                key={contributor.id}
                data-testid="contributor-row"
                className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-4 max-md:gap-y-2 max-md:p-3 max-md:[&>td]:p-0"
              >
                <TableCell className="max-md:basis-full">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar name={name} className="size-9 text-sm" />
                    <div className="grid min-w-0">
                      <span className="font-medium wrap-anywhere md:whitespace-nowrap">
                        {contributor.githubUsername}
                      </span>
                      {contributor.name && (
                        <span className="text-xs wrap-anywhere text-muted-foreground md:whitespace-nowrap">
                          {contributor.name}
                        </span>
                      )}
                    </div>
                  </div>
                </TableCell>
                <TableCell>
                  <RankBadge rank={contributor.rank} />
                </TableCell>
                <TableCell className="text-right tabular-nums max-md:text-left">
                  <span className="font-semibold max-md:after:content-['_XP']">
                    {formatNumber(contributor.xp)}
                  </span>
                  {provenance && (
                    <span className="block text-xs font-normal whitespace-nowrap text-muted-foreground">
                      {provenance}
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums max-md:after:content-['_repositories']">
                  {formatNumber(contributor.repositories)}
                </TableCell>
                <TableCell>
                  <ActivityBadge isActive={contributor.isActive} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground max-md:before:content-['Last_active_']">
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
                <TableCell className="text-right max-md:ml-auto">
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
