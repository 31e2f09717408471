export { startGithubSim, DEFAULT_OAUTH_CLIENTS } from './start-github-sim';
export type { GithubSim, StartGithubSimOptions } from './start-github-sim';
export type {
  OpenPullRequestInput,
  PullRequestActionInput,
  ReviewPullRequestInput,
} from './control';
export type { FailureRule } from './http/failure-injector';
export type { OAuthClient } from './http/routes/oauth.routes';
export type { PullRequest, Review } from './render/github-types';
export type { DeliveryRecord } from './webhooks/webhook-dispatcher';
export { loadFixtureWorld } from './world/load-fixture-world';
export type * from './world/types';
