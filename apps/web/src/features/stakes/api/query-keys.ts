/** The query keys of the contributor's stakes. */
export const stakesKeys = {
  /** The stakes list, every page loaded. */
  all: ['contributor', 'stakes'] as const,
};
