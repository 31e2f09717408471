/** The query and mutation keys of the contributor's repository analysis. */
export const repositoryAnalysisKeys = {
  analysis: ['contributor', 'analysis'] as const,
  /** Every 'Analyze' button watches the one run (useIsMutating). */
  analyze: ['contributor', 'analyze-repositories'] as const,
};
