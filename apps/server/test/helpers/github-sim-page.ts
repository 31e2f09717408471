/**
 * Does what a person does on the simulator's authorize page: loads it, picks the GitHub account
 * and presses Authorize (or Cancel). Returns the URL GitHub sends the browser back to.
 */
export async function approveOnSim(
  authorizeUrl: string,
  login: string,
  decision: 'approve' | 'cancel',
): Promise<string> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (!html.includes('Authorize OpenStake (demo)'))
    throw new Error(`not the authorize page: ${html.slice(0, 200)}`);
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    form.set(
      name!,
      value!
        .replaceAll('&amp;', '&')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>'),
    );
  }
  form.set('login', login);
  form.set('decision', decision === 'approve' ? 'authorize' : 'cancel');
  const submitted = await fetch(new URL('/login/oauth/authorize', authorizeUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const location = submitted.headers.get('location');
  if (submitted.status !== 302 || !location)
    throw new Error(`authorize did not redirect: ${submitted.status} ${await submitted.text()}`);
  return location;
}
