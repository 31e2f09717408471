/** Repositories (spec 001). Placeholder until its screen is built. */
export function RepositoriesPage() {
  return <h1 className="text-2xl font-semibold">Repositories</h1>;
}
