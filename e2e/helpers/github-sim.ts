import { expect } from 'vitest';

/** POST to the simulator's control API (`/_sim...`), which must succeed; returns its JSON. */
export async function simControl<T>(simOrigin: string, path: string, body: object): Promise<T> {
  const res = await fetch(`${simOrigin}/_sim${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}
