/** Support (spec 001). Placeholder until its screen is built. */
export function SupportPage() {
  return <h1 className="text-2xl font-semibold">Support</h1>;
}
