/**
 * What this browser keeps for the person signed in, forgotten when they log out, so the next
 * person on the same browser starts clean: the create-issue draft (its cookies) and
 * the last organization used (localStorage). The remembered sign-in choices belong to the
 * browser, not the person, and stay. The features' code is loaded at logout, not with the
 * landing page.
 */
export async function forgetSignedOutUser(): Promise<void> {
  const [{ clearIssueDraft }, { forgetLastOrg }] = await Promise.all([
    import('@/features/bounty-issues/lib/issue-draft'),
    import('@/features/organization-settings/lib/last-org'),
  ]);
  clearIssueDraft();
  forgetLastOrg();
}
