/** A label as GitHub sends it: a name, or an object whose name and colour may be missing. */
export type GithubLabelLike = string | { name?: string; color?: string | null };

/** GitHub's labels as { name, color } (colour hex without '#', GitHub's default grey when absent). */
export const labelsOf = (labels: GithubLabelLike[]): { name: string; color: string }[] =>
  labels
    .map((l) =>
      typeof l === 'string'
        ? { name: l, color: 'ededed' }
        : { name: l.name ?? '', color: l.color ?? 'ededed' },
    )
    .filter((l) => l.name !== '');
