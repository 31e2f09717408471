/** Bounty issues by me (spec 001). Placeholder until its screen is built. */
export function BountyIssuesPage() {
  return <h1 className="text-2xl font-semibold">Bounty issues by me</h1>;
}
