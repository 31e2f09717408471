import { createAppAuth } from '@octokit/auth-app';
import type { Octokit } from '@octokit/rest';
import { STAKE_STATUS_CONTEXT } from '@openstake/core';
import type { GithubAppSettings } from '../../env';
import type { GithubClients } from './client';
import { commentOnIssue } from './comments';
import { githubMessage, githubStatus, nullIfNotFound } from './errors';
import { connectionFactsOf } from './facts';
import type { GithubApp, IssueComment } from './port';
import { userCanPush } from './repositories';

/** Installation tokens are used until this long before GitHub says they expire. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

interface InstallationToken {
  token: string;
  expiresAt: number;
}

/**
 * OpenStake's GitHub App (the port's `GithubApp`; docs/ARCHITECTURE.md, GitHub App mode): the
 * app's JWT through Octokit's own `createAppAuth`, installation tokens minted once per
 * installation and reused until five minutes before they expire, and an Octokit per installation
 * that writes as `<slug>[bot]`, with the retries and error mapping of every client (client.ts).
 * A token GitHub no longer accepts (401 `Bad credentials`: expired early, or revoked) is minted
 * again once, and the request retried with it.
 */
export class OctokitGithubApp implements GithubApp {
  readonly botLogin: string;
  readonly installUrl: string;
  private readonly auth: ReturnType<typeof createAppAuth>;
  private readonly tokens = new Map<number, InstallationToken>();
  // One mint in flight per installation: concurrent first calls share one access-token request.
  private readonly minting = new Map<number, Promise<InstallationToken>>();

  constructor(
    readonly settings: GithubAppSettings,
    private readonly clients: GithubClients,
    private readonly now: () => number = Date.now,
  ) {
    this.botLogin = `${settings.slug}[bot]`;
    this.installUrl = `${clients.config.webUrl.replace(/\/+$/, '')}/apps/${encodeURIComponent(settings.slug)}/installations/new`;
    this.auth = createAppAuth({
      appId: settings.appId,
      privateKey: settings.privateKey,
      // The error-mapped client's request: a refused mint is an AppError like any GitHub refusal.
      request: clients.client().request,
    });
  }

  async installationToken(installationId: number): Promise<string> {
    const kept = this.tokens.get(installationId);
    if (kept && kept.expiresAt - TOKEN_REFRESH_MARGIN_MS > this.now()) return kept.token;
    let mint = this.minting.get(installationId);
    if (!mint) {
      mint = this.mint(installationId).finally(() => this.minting.delete(installationId));
      this.minting.set(installationId, mint);
    }
    return (await mint).token;
  }

  private async mint(installationId: number): Promise<InstallationToken> {
    // `refresh`: createAppAuth's own cache would hand back the token GitHub just refused.
    const minted = await this.auth({ type: 'installation', installationId, refresh: true });
    const token = { token: minted.token, expiresAt: Date.parse(minted.expiresAt) };
    this.tokens.set(installationId, token);
    return token;
  }

  forgetInstallation(installationId: number): void {
    this.tokens.delete(installationId);
  }

  /** An Octokit acting as the app's bot on one installation. */
  private installationClient(installationId: number): Octokit {
    const octokit = this.clients.client();
    // Registered after the error mapping, so it wraps it: it sees the mapped errors.
    octokit.hook.wrap('request', async (request, options) => {
      const send = async (token: string) => {
        options.headers.authorization = `token ${token}`;
        return request(options);
      };
      try {
        return await send(await this.installationToken(installationId));
      } catch (error) {
        if (githubStatus(error) !== 401 || githubMessage(error) !== 'Bad credentials') throw error;
        this.tokens.delete(installationId);
        return await send(await this.installationToken(installationId));
      }
    });
    return octokit;
  }

  // The app needs no maintainer's token for it.
  async canPush(
    installationId: number,
    input: { owner: string; repo: string; username: string },
  ): Promise<boolean> {
    return userCanPush(this.installationClient(installationId), input);
  }

  // Null when the installation cannot see it (removed from it, or deleted).
  async repository(installationId: number, input: { owner: string; repo: string }) {
    const found = await nullIfNotFound(
      this.installationClient(installationId).rest.repos.get(input),
    );
    return found ? connectionFactsOf(found.data) : null;
  }

  async pullRequestData(
    installationId: number,
    input: { owner: string; repo: string; pullNumber: number },
  ) {
    const { data } = await this.installationClient(installationId).rest.pulls.get({
      owner: input.owner,
      repo: input.repo,
      pull_number: input.pullNumber,
    });
    return data;
  }

  async createIssueComment(
    installationId: number,
    input: { owner: string; repo: string; issueNumber: number; body: string },
  ): Promise<IssueComment> {
    return commentOnIssue(this.installationClient(installationId), input);
  }

  async updateIssueComment(
    installationId: number,
    input: { owner: string; repo: string; commentId: number; body: string },
  ): Promise<IssueComment> {
    const { data } = await this.installationClient(installationId).rest.issues.updateComment({
      owner: input.owner,
      repo: input.repo,
      comment_id: input.commentId,
      body: input.body,
    });
    return { id: data.id, body: data.body ?? '', htmlUrl: data.html_url };
  }

  // E.g. `settlementCommentMarker`: the comment is updated rather than repeated.
  async findBotComment(
    installationId: number,
    input: { owner: string; repo: string; issueNumber: number; marker: string },
  ): Promise<IssueComment | null> {
    const octokit = this.installationClient(installationId);
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
      owner: input.owner,
      repo: input.repo,
      issue_number: input.issueNumber,
      per_page: 100,
    });
    const mine = comments.find(
      (c) => c.user?.login === this.botLogin && (c.body ?? '').includes(input.marker),
    );
    return mine ? { id: mine.id, body: mine.body ?? '', htmlUrl: mine.html_url } : null;
  }

  async addLabels(
    installationId: number,
    input: Parameters<GithubApp['addLabels']>[1],
  ): Promise<void> {
    await this.installationClient(installationId).rest.issues.addLabels({
      owner: input.owner,
      repo: input.repo,
      issue_number: input.issueNumber,
      labels: input.labels,
    });
  }

  // A label already gone (a maintainer took it off) is what was asked for.
  async removeLabel(
    installationId: number,
    input: Parameters<GithubApp['removeLabel']>[1],
  ): Promise<void> {
    await nullIfNotFound(
      this.installationClient(installationId).rest.issues.removeLabel({
        owner: input.owner,
        repo: input.repo,
        issue_number: input.issueNumber,
        name: input.name,
      }),
    );
  }

  async closePullRequest(
    installationId: number,
    input: Parameters<GithubApp['closePullRequest']>[1],
  ): Promise<void> {
    await this.installationClient(installationId).rest.pulls.update({
      owner: input.owner,
      repo: input.repo,
      pull_number: input.pullNumber,
      state: 'closed',
    });
  }

  async setStakeStatus(
    installationId: number,
    input: Parameters<GithubApp['setStakeStatus']>[1],
  ): Promise<void> {
    await this.installationClient(installationId).rest.repos.createCommitStatus({
      owner: input.owner,
      repo: input.repo,
      sha: input.sha,
      state: input.status.state,
      description: input.status.description,
      target_url: input.status.targetUrl,
      context: STAKE_STATUS_CONTEXT,
    });
  }
}
