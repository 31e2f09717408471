/** The query keys of the GitHub link. */
export const githubKeys = {
  account: ['github-account'] as const,
};
