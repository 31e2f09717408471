import { eq } from 'drizzle-orm';
import type { RepositoryAnalysis } from '@openstake/core';
import type { Db } from '../../db/database';
import { contributorLanguages, repositoryAnalyses } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

/**
 * Stores a contributor's latest repository analysis and, with it, their top languages one row
 * each (contributor_languages), which the hire directory filters by.
 */
export async function saveRepositoryAnalysis(
  db: Db,
  input: { userId: string; analysis: RepositoryAnalysis; analyzedAt: Date },
): Promise<void> {
  const { userId, analysis, analyzedAt } = input;
  await inTransaction(db, async (tx) => {
    await tx
      .insert(repositoryAnalyses)
      .values({ userId, data: analysis, analyzedAt })
      .onConflictDoUpdate({
        target: repositoryAnalyses.userId,
        set: { data: analysis, analyzedAt },
      });
    await tx.delete(contributorLanguages).where(eq(contributorLanguages.userId, userId));
    // GitHub names a language once per analysis; a repeat (different case) is kept once.
    const seen = new Set<string>();
    const rows = analysis.topLanguages.flatMap((language) => {
      const key = language.toLowerCase();
      if (seen.has(key)) return [];
      seen.add(key);
      return [{ userId, language, position: seen.size - 1 }];
    });
    if (rows.length > 0) await tx.insert(contributorLanguages).values(rows);
  });
}
