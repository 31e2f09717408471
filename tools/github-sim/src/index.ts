export { startGithubSim, DEFAULT_OAUTH_CLIENTS } from './start-github-sim';
export type { GithubSim, StartGithubSimOptions } from './start-github-sim';
export type {
  OpenPullRequestInput,
  PullRequestActionInput,
  ReviewPullRequestInput,
} from './control';
export type {
  CreateAppInput,
  InstallAppInput,
  InstallationRepositoriesInput,
} from './actions/apps';
export type { CommentInput, CommentRef, PushInput, SimAppInfo } from './control';
export type { FailureRule } from './http/failure-injector';
export type { RequestRecord } from './http/request-log';
export type { OAuthClient } from './http/routes/oauth.routes';
export type {
  CheckRun,
  CombinedStatus,
  CommitStatus,
  Installation,
  IssueComment,
  PullRequest,
  Review,
} from './render/github-types';
export type { DeliveryRecord } from './webhooks/webhook-dispatcher';
export { loadFixtureWorld } from './world/load-fixture-world';
export type * from './world/types';
