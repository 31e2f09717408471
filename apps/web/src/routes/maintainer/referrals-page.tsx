/** Refer and earn (spec 001). Placeholder until its screen is built. */
export function ReferralsPage() {
  return <h1 className="text-2xl font-semibold">Refer and earn</h1>;
}
