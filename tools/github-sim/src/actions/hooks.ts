import { asRecord } from '../as-record';
import type { Outcome, SimContext } from '../sim-context';
import { notFound, validationFailed } from '../sim-error';
import { isoNow, type Hook } from '../sim-state';
import { pingPayload } from '../webhooks/payloads';
import type { WorldRepo } from '../world/types';

/** Webhooks are admin-only: anyone else gets 404, as on GitHub. */
export function adminRepo(
  ctx: SimContext,
  ref: { owner: string; repo: string },
  actor: string,
): WorldRepo {
  const repo = ctx.state.readableRepo(ref.owner, ref.repo, actor);
  if (!ctx.state.hasPermission(repo, actor, 'admin')) throw notFound();
  return repo;
}

export function findHook(ctx: SimContext, repo: WorldRepo, hookId: number): Hook {
  const hook = ctx.state.hooksOf(repo).find((h) => h.id === hookId);
  if (!hook) throw notFound();
  return hook;
}

export function createHook(
  ctx: SimContext,
  input: { owner: string; repo: string; actor: string; body: unknown },
): Outcome<{ repo: WorldRepo; hook: Hook }> {
  const repo = adminRepo(ctx, input, input.actor);
  const body = asRecord(input.body);
  const config = asRecord(body.config);
  if (body.name !== undefined && body.name !== 'web') {
    throw validationFailed({ resource: 'Hook', code: 'invalid', field: 'name' });
  }
  const url = config.url;
  if (typeof url !== 'string' || !/^https?:\/\/\S+$/i.test(url)) {
    throw validationFailed({
      resource: 'Hook',
      code: 'custom',
      message: 'Config must contain URL for webhooks',
    });
  }
  const contentType = config.content_type ?? 'form';
  if (contentType !== 'json' && contentType !== 'form') {
    throw validationFailed({ resource: 'Hook', code: 'invalid', field: 'content_type' });
  }
  const events = body.events ?? ['push'];
  if (!Array.isArray(events) || !events.every((e) => typeof e === 'string') || !events.length) {
    throw validationFailed({ resource: 'Hook', code: 'invalid', field: 'events' });
  }
  if (ctx.state.hooksOf(repo).some((h) => h.config.url === url)) {
    throw validationFailed({
      resource: 'Hook',
      code: 'custom',
      message: 'Hook already exists on this repository',
    });
  }
  const now = isoNow();
  const hook: Hook = {
    id: ctx.state.nextId('hook'),
    repoId: repo.id,
    active: body.active === undefined ? true : body.active === true,
    events: [...new Set(events as string[])],
    config: {
      url,
      contentType,
      secret: typeof config.secret === 'string' && config.secret ? config.secret : null,
      insecureSsl: String(config.insecure_ssl ?? '0'),
    },
    createdAt: now,
    updatedAt: now,
    lastResponse: { code: null, status: 'unused', message: null },
  };
  ctx.state.hooks.push(hook);
  return { value: { repo, hook }, delivered: pingHook(ctx, repo, hook, input.actor) };
}

/** GitHub pings a new hook (and on `POST .../pings`), whatever events it subscribes to. */
export function pingHook(ctx: SimContext, repo: WorldRepo, hook: Hook, sender: string) {
  return ctx.webhooks.emit(repo, 'ping', pingPayload(ctx.state, repo, hook, sender), hook);
}

export function deleteHook(ctx: SimContext, repo: WorldRepo, hook: Hook): void {
  const index = ctx.state.hooks.indexOf(hook);
  if (index >= 0) ctx.state.hooks.splice(index, 1);
}
