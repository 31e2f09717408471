import { useLocation } from 'react-router';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { GITHUB_AUTH_REQUIRED_MESSAGE } from '../lib/github-auth-error';
import { githubConnectUrl } from '../lib/github-links';
import { GithubIcon } from './github-icon';

interface GithubRequiredNoticeProps {
  /** What needs GitHub, e.g. 'Suggested issues come from your GitHub repositories.' */
  reason: string;
  /**
   * Offer 'Connect GitHub' here. Off where the GitHub card is on screen too, so the page has one
   * such link.
   */
  showConnect?: boolean;
}

/** Shown in place of what a GitHub-backed call would have returned when GitHub is not linked. */
export function GithubRequiredNotice({ reason, showConnect = true }: GithubRequiredNoticeProps) {
  const { pathname } = useLocation();
  return (
    <Alert variant="destructive" data-testid="github-required">
      <GithubIcon aria-hidden="true" />
      <AlertTitle>{GITHUB_AUTH_REQUIRED_MESSAGE}</AlertTitle>
      <AlertDescription>
        <p>{reason}</p>
        {showConnect && (
          <a
            href={githubConnectUrl(pathname)}
            className={buttonVariants({ size: 'sm', className: 'mt-2' })}
          >
            <GithubIcon aria-hidden="true" />
            Connect GitHub
          </a>
        )}
      </AlertDescription>
    </Alert>
  );
}
