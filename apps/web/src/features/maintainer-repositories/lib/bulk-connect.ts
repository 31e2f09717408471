import type { BulkConnectResult } from '../api/repository-connection';

const repositories = (count: number) =>
  `${String(count)} ${count === 1 ? 'repository' : 'repositories'}`;

/** The toast after 'Connect selected': how many were connected, and why the others were not. */
export function bulkConnectSummary(result: BulkConnectResult): {
  kind: 'success' | 'error';
  title: string;
  description?: string;
} {
  const { connected, failed } = result;
  if (failed.length === 0)
    return { kind: 'success', title: `Connected ${repositories(connected.length)}` };
  const reasons = failed.map((f) => `${f.fullName}: ${f.message}`).join('; ');
  if (connected.length === 0) {
    return {
      kind: 'error',
      title: `Could not connect ${repositories(failed.length)}`,
      description: reasons,
    };
  }
  return {
    kind: 'error',
    title: `Connected ${repositories(connected.length)}, ${String(failed.length)} failed`,
    description: reasons,
  };
}
