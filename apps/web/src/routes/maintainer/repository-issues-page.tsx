/** Repository issues (spec 001). Placeholder until its screen is built. */
export function RepositoryIssuesPage() {
  return <h1 className="text-2xl font-semibold">Repository issues</h1>;
}
