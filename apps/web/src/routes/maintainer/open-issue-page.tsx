/** New issue for a pull request (spec 001). Placeholder until its screen is built. */
export function OpenIssuePage() {
  return <h1 className="text-2xl font-semibold">New issue for a pull request</h1>;
}
