// The app's API is not part of the prototype: every /api request is answered as the real server
// answers a signed-out visitor's session request (401), so the pages' own requests cost little.
export const loader = () =>
  Response.json(
    { error: { code: 'UNAUTHENTICATED', message: 'Sign in first.' } },
    { status: 401, headers: { 'cache-control': 'no-store' } },
  );
