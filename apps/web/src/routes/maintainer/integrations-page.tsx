/** Integrations (spec 001). Placeholder until its screen is built. */
export function IntegrationsPage() {
  return <h1 className="text-2xl font-semibold">Integrations</h1>;
}
