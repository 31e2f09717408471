/** Docs (spec 001). Placeholder until its screen is built. */
export function DocsPage() {
  return <h1 className="text-2xl font-semibold">Docs</h1>;
}
