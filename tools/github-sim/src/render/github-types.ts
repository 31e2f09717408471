import type { RestEndpointMethodTypes as Endpoints } from '@octokit/rest';

/**
 * GitHub's response shapes, taken from the types Octokit generates from GitHub's OpenAPI
 * description: the renderers return these, so a missing required field fails the type check.
 */
type Data<T extends { response: { data: unknown } }> = T['response']['data'];

export type PrivateUser = Data<Endpoints['users']['getAuthenticated']>;
export type PublicUser = Data<Endpoints['users']['getByUsername']>;
export type Email = Data<Endpoints['users']['listEmailsForAuthenticatedUser']>[number];
export type Organization = Data<Endpoints['orgs']['get']>;
export type OrganizationSimple = Data<Endpoints['orgs']['listForUser']>[number];
export type OrgMembership = Data<Endpoints['orgs']['getMembershipForUser']>;
export type FullRepository = Data<Endpoints['repos']['get']>;
export type Repository = Data<Endpoints['repos']['listForAuthenticatedUser']>[number];
export type SimpleUser = Repository['owner'];
export type ReadmeFile = Data<Endpoints['repos']['getReadme']>;
export type Issue = Data<Endpoints['issues']['get']>;
export type IssueComment = Data<Endpoints['issues']['createComment']>;
export type Label = Data<Endpoints['issues']['addLabels']>[number];
export type PullRequest = Data<Endpoints['pulls']['get']>;
export type Review = Data<Endpoints['pulls']['listReviews']>[number];
export type MergeResult = Data<Endpoints['pulls']['merge']>;
export type CollaboratorPermission = Data<Endpoints['repos']['getCollaboratorPermissionLevel']>;
/** `search_type` is newer than the Octokit types; GitHub's current description requires it. */
export type SearchIssuesResult = Data<Endpoints['search']['issuesAndPullRequests']> & {
  search_type: 'lexical' | 'semantic' | 'hybrid';
};
export type SearchIssueItem = SearchIssuesResult['items'][number];
export type Webhook = Data<Endpoints['repos']['getWebhook']>;
export type HookDeliveryItem = Data<Endpoints['repos']['listWebhookDeliveries']>[number];
export type HookDelivery = Data<Endpoints['repos']['getWebhookDelivery']>;
export type RateLimitOverview = Data<Endpoints['rateLimit']['get']>;
export type Integration = NonNullable<Data<Endpoints['apps']['getAuthenticated']>>;
export type Installation = Data<Endpoints['apps']['getInstallation']>;
export type InstallationToken = Data<Endpoints['apps']['createInstallationAccessToken']>;
export type InstallationRepositories = Data<Endpoints['apps']['listReposAccessibleToInstallation']>;
export type CommitStatus = Data<Endpoints['repos']['createCommitStatus']>;
export type CombinedStatus = Data<Endpoints['repos']['getCombinedStatusForRef']>;
export type CheckRun = Data<Endpoints['checks']['create']>;
