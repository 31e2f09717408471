/** Create issue with stake and bounty (spec 001). Placeholder until its screen is built. */
export function NewIssuePage() {
  return <h1 className="text-2xl font-semibold">Create issue with stake and bounty</h1>;
}
