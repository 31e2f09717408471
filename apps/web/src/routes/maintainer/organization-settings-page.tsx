/** Organization settings (spec 001). Placeholder until its screen is built. */
export function OrganizationSettingsPage() {
  return <h1 className="text-2xl font-semibold">Organization settings</h1>;
}
