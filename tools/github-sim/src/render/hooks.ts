import type { Hook, SimState } from '../sim-state';
import type { WorldRepo } from '../world/types';
import type { Webhook } from './github-types';
import { repoApiUrl } from './urls';

/** A repository webhook; the secret is never shown again, as on GitHub. */
export function renderHook(s: SimState, repo: WorldRepo, hook: Hook): Webhook {
  const url = `${repoApiUrl(s, repo)}/hooks/${hook.id}`;
  return {
    type: 'Repository',
    id: hook.id,
    name: 'web',
    active: hook.active,
    events: hook.events,
    config: {
      content_type: hook.config.contentType,
      insecure_ssl: hook.config.insecureSsl,
      url: hook.config.url,
      ...(hook.config.secret ? { secret: '********' } : {}),
    },
    updated_at: hook.updatedAt,
    created_at: hook.createdAt,
    url,
    test_url: `${url}/test`,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
    last_response: hook.lastResponse,
  };
}
