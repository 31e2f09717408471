/** Pull requests (spec 001). Placeholder until its screen is built. */
export function PullRequestsPage() {
  return <h1 className="text-2xl font-semibold">Pull requests</h1>;
}
