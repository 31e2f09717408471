import os from 'node:os';
import pg from 'pg';
import { benchDatabaseUrl } from './app';

/** What the figures were measured on. */
export async function describeMachine(): Promise<Record<string, string | number>> {
  const client = new pg.Client({ connectionString: benchDatabaseUrl() });
  let postgres = 'unreachable';
  try {
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    postgres = rows[0]?.server_version ?? postgres;
  } catch {
    // Reported as unreachable; the PostgreSQL benches then fail with the reason.
  } finally {
    await client.end().catch(() => undefined);
  }
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres,
    os: `${os.type()} ${os.release()}`,
  };
}
