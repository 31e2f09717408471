import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

/** Server-renders a maintainer component with a query cache (seeded by `seed`) and a router. */
export function renderWithProviders(
  element: ReactElement,
  seed: (client: QueryClient) => void = () => undefined,
  path = '/maintainer/dashboard',
): string {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}
