import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { REPOSITORIES_PATH } from '../lib/repository-paths';

/** What a repository page shows when its route lacks :owner or :repo. */
export function MissingRepository({ message }: { message: string }) {
  return (
    <p role="alert" className="text-destructive">
      {message}
    </p>
  );
}

interface RepositoryPageFrameProps {
  /** The link to the repository's other list (its issues, or its pull requests). */
  otherList: { to: string; icon: LucideIcon; label: string };
  title: ReactNode;
  description: string;
  /** Beside the header, e.g. New Issue. */
  actions?: ReactNode;
  /** The list. */
  children: ReactNode;
}

/**
 * The frame of a repository's pull request and issue pages: Back to the
 * repositories, a link to the other list, the header, then the list.
 */
export function RepositoryPageFrame({
  otherList: { to, icon: Icon, label },
  title,
  description,
  actions,
  children,
}: RepositoryPageFrameProps) {
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
        <Link to={to} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      </nav>
      <PageHeader
        title={title}
        description={description}
        actions={actions}
        titleClassName="break-words"
      />
      {children}
    </div>
  );
}
