/**
 * `npm run github-sim`: the simulator on its own, for the demo and for poking at it by hand.
 * PORT (default 4010) and HOST (default 127.0.0.1) choose where it listens.
 */
import { DEFAULT_OAUTH_CLIENTS, startGithubSim } from './start-github-sim';

const port = Number(process.env.PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`github-sim: PORT must be a port number, got "${process.env.PORT}"`);
  process.exit(1);
}

const sim = await startGithubSim({ port, host, logger: process.env.LOG === '1' });
const client = DEFAULT_OAUTH_CLIENTS[0];
process.stdout.write(
  [
    'GitHub simulator running',
    `  REST API (Octokit baseUrl): ${sim.apiUrl}`,
    `  Web / OAuth:                ${sim.webUrl}/login/oauth/authorize`,
    `  Control API:                ${sim.origin}/_sim`,
    `  Demo OAuth client:          client_id=${client?.clientId} client_secret=${client?.clientSecret}`,
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}
