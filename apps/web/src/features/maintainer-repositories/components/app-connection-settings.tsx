import { STAKE_STATUS_CONTEXT, type MaintainerRepository } from '@openstake/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api/api-error';
import {
  UPDATE_BOT_COMMENTS_FALLBACK_MESSAGE,
  useUpdateBotComments,
} from '../api/repository-connection';

export const BOT_COMMENTS_LABEL = 'Bot comments on settled stakes';
/** Where the maintainer docs explain the app: the status check, `/stake`, the bot's comments. */
export const GITHUB_APP_DOCS_PATH = '/maintainer/docs#github-app';

const code = 'rounded bg-muted px-1 py-0.5 font-mono text-xs break-all';

/**
 * What a repository connected through OpenStake's GitHub App has on top of a webhook connection:
 * the bot's comment on a pull request when its stake settles (on or off, saved at once), and a
 * line naming the status check and the `/stake` command the app brings to its pull requests.
 */
export function AppConnectionSettings({
  repository,
  botComments,
}: {
  repository: MaintainerRepository;
  /** The saved setting, from the repository list. */
  botComments: boolean;
}) {
  const ids = useId();
  const update = useUpdateBotComments();
  // While saving, the switch shows what was asked; the list, fetched again, then has it saved.
  const checked = update.isPending ? update.variables.botComments : botComments;

  const change = (next: boolean) => {
    update.mutate(
      { owner: repository.owner, repo: repository.name, botComments: next },
      {
        onSuccess: () => {
          toast.success(`Bot comments on ${repository.full_name} turned ${next ? 'on' : 'off'}`);
        },
        onError: (error) => {
          toast.error(errorMessage(error, UPDATE_BOT_COMMENTS_FALLBACK_MESSAGE), {
            richColors: true,
          });
        },
      },
    );
  };

  return (
    <div className="grid gap-1.5" data-testid="app-connection-settings">
      <div className="flex items-center gap-2">
        <Switch
          id={`${ids}-bot-comments`}
          checked={checked}
          disabled={!repository.canPush || update.isPending}
          aria-describedby={`${ids}-about`}
          onCheckedChange={change}
        />
        <Label htmlFor={`${ids}-bot-comments`} className="leading-snug font-normal">
          {BOT_COMMENTS_LABEL}
          <span className="sr-only"> for {repository.full_name}</span>
        </Label>
        {update.isPending && <Spinner className="text-muted-foreground" />}
      </div>
      <p id={`${ids}-about`} className="text-xs text-muted-foreground">
        Pull requests get the <code className={code}>{STAKE_STATUS_CONTEXT}</code> status check, and
        their authors can stake by commenting <code className={code}>/stake</code>.{' '}
        <Link
          to={GITHUB_APP_DOCS_PATH}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          How the app works
        </Link>
      </p>
    </div>
  );
}
