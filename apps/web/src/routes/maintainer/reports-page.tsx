/** Reports (spec 001). Placeholder until its screen is built. */
export function ReportsPage() {
  return <h1 className="text-2xl font-semibold">Reports</h1>;
}
