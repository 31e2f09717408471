import {
  BOUNTY_FEE_PERCENT,
  DEFAULT_DEDUCTION_PERCENT,
  STAKE_STATUS_CONTEXT,
  DENOUNCED_AUTHOR_STATUS,
  UNSTAKED_BOUNTY_STATUS,
  UNSTAKED_LABEL,
} from '@openstake/core';
import { Bot, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAppConfig } from '@/features/app-config/api/app-config';
import { BOT_COMMENTS_LABEL } from '@/features/maintainer-repositories/components/app-connection-settings';
import { VIA_APP_TEXT } from '@/features/maintainer-repositories/components/repositories-table';

/** The anchor of this section (the repository list links to it). */
export const GITHUB_APP_SECTION_ID = 'github-app';

const codeClass = 'rounded bg-muted px-1 py-0.5 font-mono text-xs break-all';
const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

function Code({ children }: { children: ReactNode }) {
  return <code className={codeClass}>{children}</code>;
}

/** A comment as typed on GitHub. */
/** A command as a comment holds it, and what it does (an entry of a `<dl>`). */
function CommandEntry({ command, children }: { command: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt>
        <pre className="rounded-md border bg-muted/50 px-3 py-2 font-mono text-xs whitespace-pre-wrap">
          <code>{command}</code>
        </pre>
      </dt>
      <dd className="text-muted-foreground">{children}</dd>
    </div>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-base font-semibold">{children}</h3>;
}

/**
 * What the bot answers to `/stake`, as the server words it (run-slash-command.ts and the stake
 * rules), for an author `@ada` and an issue #12.
 */
const stakeReplies = (origin: string): readonly { when: string; reply: string }[] => [
  {
    when: 'Staked',
    reply: `@ada staked 5 coins on #12. They come back when the pull request is merged; see ${origin}/contributor/dashboard.`,
  },
  {
    when: 'No OpenStake account',
    reply: `@ada No OpenStake account has connected this GitHub account. Sign up at ${origin}/signUp and connect GitHub, then comment \`/stake\` again.`,
  },
  {
    when: 'Not the author',
    reply: "@bob Only the pull request's author, @ada, can stake on it.",
  },
  { when: 'Already staked', reply: '@ada You already have an active stake on this issue' },
  {
    when: 'Not enough coins',
    reply: '@ada Staking on #12 takes 5 coins; your OpenStake wallet has 3.',
  },
  {
    when: 'No issue referenced',
    reply:
      '@ada This pull request references no issue: write "Fixes #12" in its description, or comment `/stake #12`.',
  },
];

/**
 * The docs section on OpenStake's GitHub App: connecting by installing it, the `openstake/stake`
 * status check, `/stake`, `/unstake` and `/bounty` in comments with the bot's answers, and the settlement comments. When
 * this server runs the app, it links to the app's installation page.
 */
export function GithubAppGuide({ origin }: { origin: string }) {
  const githubApp = useAppConfig().data?.githubApp;

  return (
    <Card
      id={GITHUB_APP_SECTION_ID}
      data-testid="github-app-guide"
      aria-labelledby={`${GITHUB_APP_SECTION_ID}-heading`}
      className="scroll-mt-20"
      role="region"
    >
      <CardHeader>
        <CardTitle id={`${GITHUB_APP_SECTION_ID}-heading`} className="flex items-center gap-2">
          <Bot aria-hidden="true" className="size-5 text-primary" />
          GitHub App
        </CardTitle>
        <CardDescription>
          With OpenStake&apos;s GitHub App installed on a repository, OpenStake works on GitHub
          itself: a status check on pull requests, staking from a comment, and a comment when a
          stake settles.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <section className="grid gap-2">
          <SubHeading>Install the app to connect repositories</SubHeading>
          <ol className="grid list-decimal gap-2 pl-5">
            <li>
              On the{' '}
              <Link to="/maintainer/dashboard" className={linkClass}>
                dashboard
              </Link>
              , Connect on a repository opens the app&apos;s installation page on GitHub.
            </li>
            <li>
              Choose the repositories there. Each is connected when your GitHub account is the one
              verified on OpenStake and you can push to it.
            </li>
            <li>
              Back on the dashboard, the repository shows Connected and &lsquo;{VIA_APP_TEXT}
              &rsquo;, at a {DEFAULT_DEDUCTION_PERCENT}% deduction you can change there.
            </li>
          </ol>
          <p className="text-muted-foreground">
            Removing a repository from the installation on GitHub, or uninstalling the app,
            disconnects it.
          </p>
          {githubApp ? (
            <a
              href={githubApp.installUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline', className: 'w-full sm:w-fit' })}
            >
              <ExternalLink aria-hidden="true" />
              Install the GitHub App
              <span className="sr-only"> (opens GitHub in a new tab)</span>
            </a>
          ) : (
            <p className="text-muted-foreground">
              This OpenStake server has no GitHub App set up: Connect adds a webhook to the
              repository instead, and what follows is not available.
            </p>
          )}
        </section>

        <section className="grid gap-2">
          <SubHeading>
            The <Code>{STAKE_STATUS_CONTEXT}</Code> status check
          </SubHeading>
          <p>
            On an open pull request whose description references an issue OpenStake tracks (for
            example &ldquo;Fixes #12&rdquo;), the bot sets the commit status{' '}
            <Code>{STAKE_STATUS_CONTEXT}</Code>:
          </p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              passing, &ldquo;Staked 5 coins on #12&rdquo;, once the author has staked on the issue;
            </li>
            <li>
              pending, &ldquo;Not staked yet: stake at &hellip;&rdquo; with a link to the
              issue&apos;s page on OpenStake, until then;
            </li>
            <li>
              on an open bounty issue, pending with the reason and the same link: &ldquo;
              {UNSTAKED_BOUNTY_STATUS}&rdquo;, or &ldquo;{DENOUNCED_AUTHOR_STATUS}&rdquo; when the
              repository&apos;s maintainers denounced the author.
            </li>
          </ul>
          <p>
            Where the repository turns them on, the bot also comments once on an unstaked pull
            request of a bounty issue to say how to stake, labels it <Code>{UNSTAKED_LABEL}</Code>{' '}
            until it is staked, and closes a denounced author&apos;s pull request with a comment
            (the reason written with the denouncement is not published).
          </p>
          <p>
            To make it required, open the repository on GitHub: Settings &rarr; Branches, add or
            edit the branch protection rule of your main branch, turn on &ldquo;Require status
            checks to pass before merging&rdquo; and select <Code>{STAKE_STATUS_CONTEXT}</Code>. It
            shows in GitHub&apos;s list once the bot has set it on a pull request. Pull requests can
            then be merged only once their author has staked.
          </p>
        </section>

        <section className="grid gap-2">
          <SubHeading>
            Stake from a comment: <Code>/stake</Code>
          </SubHeading>
          <p>
            The pull request&apos;s author comments on it, and the bot stakes the coins the issue
            requires from their OpenStake account:
          </p>
          <dl className="grid gap-2">
            <CommandEntry command="/stake">
              stakes on the issue the description references (&ldquo;Fixes #12&rdquo;).
            </CommandEntry>
            <CommandEntry command="/stake #12">stakes on issue #12.</CommandEntry>
          </dl>
          <p className="text-muted-foreground">
            Only the first line of a comment counts, and not inside code or a quote; each comment
            runs once.
          </p>
          <p>The bot answers in the pull request:</p>
          <dl className="grid gap-2" aria-label="The bot's answers to /stake">
            {stakeReplies(origin).map(({ when, reply }) => (
              <div key={when} className="grid gap-1 rounded-md border px-3 py-2">
                <dt className="font-medium">{when}</dt>
                <dd className="text-muted-foreground wrap-anywhere">{reply}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="grid gap-2">
          <SubHeading>Settlement comments</SubHeading>
          <p>When a stake settles, the bot comments once on its pull request:</p>
          <ul className="grid list-disc gap-1 pl-5">
            <li>
              merged: the stake back with the coins and XP earned, the bounty when one is paid, and
              your rating when you merged with feedback in OpenStake;
            </li>
            <li>
              closed after a review: the deduction that went to the repository&apos;s treasury and
              what came back;
            </li>
            <li>closed without a review: the stake refunded in full.</li>
          </ul>
          <p>
            To turn them off for a repository, switch off &lsquo;{BOT_COMMENTS_LABEL}&rsquo; on its
            row on the{' '}
            <Link to="/maintainer/dashboard" className={linkClass}>
              dashboard
            </Link>
            . The status check and <Code>/stake</Code> keep working; stakes that settle while
            comments are off are not commented on later.
          </p>
        </section>

        <section className="grid gap-2">
          <SubHeading>
            Withdraw a stake: <Code>/unstake</Code>
          </SubHeading>
          <dl className="grid gap-2">
            <CommandEntry command="/unstake">
              on the pull request, by the contributor who staked: the stake is refunded in full, as
              long as nobody who can push to the repository has reviewed the pull request.
            </CommandEntry>
            <CommandEntry command="/unstake #12">
              anywhere in the repository: the stake on issue #12.
            </CommandEntry>
          </dl>
          <p className="text-muted-foreground">
            Once reviewed, the stake stays until the pull request is merged or closed, and the bot
            says so: &ldquo;This pull request has been reviewed: the stake stays until it is merged
            or closed&rdquo;.
          </p>
        </section>

        <section className="grid gap-2">
          <SubHeading>
            Post a bounty from a comment: <Code>/bounty 50</Code>
          </SubHeading>
          <p>
            On an open issue, a maintainer with push access to the repository and an OpenStake
            maintainer account comments <Code>/bounty 50</Code>: the 50 coins and the{' '}
            {BOUNTY_FEE_PERCENT} % fee leave their wallet for the bounty&apos;s escrow, as when you{' '}
            <Link to="/maintainer/new-issue" className={linkClass}>
              create a bounty issue
            </Link>{' '}
            here, and the issue gets its <Code>bounty-50</Code> and <Code>stake-N</Code> labels. The
            stake contributors pay is the issue&apos;s usual one for its difficulty. The bot answers
            with the bounty and where to stake, or why not: no OpenStake account, not a maintainer
            account, no push access, not enough coins, or a bounty already on the issue.
          </p>
        </section>
      </CardContent>
    </Card>
  );
}
