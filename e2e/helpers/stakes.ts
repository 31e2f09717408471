import type { APIRequestContext } from 'playwright-core';

/**
 * What this contributor must stake on an issue: the amount their issue page shows them (the
 * issue's stake priced by their standing, decision 015), the only amount the server takes from
 * them. A test that stakes through the API reads it here rather than the issue's own stake.
 */
export async function stakePriceOf(request: APIRequestContext, issueId: number): Promise<number> {
  const answer = await request.post(`/api/contributor/issue-details/${String(issueId)}`, {
    data: {},
  });
  if (!answer.ok()) throw new Error(`The issue page answered ${String(answer.status())}`);
  const body = (await answer.json()) as { data: { issue: { stakePrice: { amount: number } } } };
  return body.data.issue.stakePrice.amount;
}
