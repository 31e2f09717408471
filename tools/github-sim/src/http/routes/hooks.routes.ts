import type { FastifyInstance } from 'fastify';
import { adminRepo, createHook, deleteHook, findHook, pingHook } from '../../actions/hooks';
import type { HookDelivery, HookDeliveryItem } from '../../render/github-types';
import { renderHook } from '../../render/hooks';
import type { SimContext } from '../../sim-context';
import { notFound } from '../../sim-error';
import { deliveryStatusText, type StoredDelivery } from '../../webhooks/webhook-dispatcher';
import { numberParam, paginate, requireViewer, type RepoParams } from '../request-helpers';

type HookParams = RepoParams & { hook_id: string };
type DeliveryParams = HookParams & { delivery_id: string };

function deliveryItem(delivery: StoredDelivery): HookDeliveryItem {
  return {
    id: delivery.deliveryId,
    guid: delivery.id,
    delivered_at: delivery.deliveredAt,
    redelivery: delivery.redelivery,
    duration: delivery.durationMs / 1000,
    status: deliveryStatusText(delivery),
    status_code: delivery.status,
    event: delivery.event,
    action: delivery.action,
    installation_id: null,
    repository_id: delivery.repositoryId,
    throttled_at: null,
  };
}

export function registerHookRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;
  const hookOf = (params: HookParams, login: string) => {
    const repo = adminRepo(ctx, params, login);
    return { repo, hook: findHook(ctx, repo, numberParam(params.hook_id)) };
  };
  const deliveryOf = (params: DeliveryParams, login: string) => {
    const { repo, hook } = hookOf(params, login);
    const id = numberParam(params.delivery_id);
    const delivery = ctx.webhooks.forHook(hook.id).find((d) => d.deliveryId === id);
    if (!delivery) throw notFound();
    return { repo, hook, delivery };
  };

  app.post<{ Params: RepoParams }>('/repos/:owner/:repo/hooks', async (req, reply) => {
    const viewer = requireViewer(req);
    const { value } = createHook(ctx, { ...req.params, actor: viewer.login, body: req.body });
    const json = renderHook(state, value.repo, value.hook);
    reply.code(201).header('location', json.url);
    return json;
  });

  app.get<{ Params: RepoParams }>('/repos/:owner/:repo/hooks', async (req, reply) => {
    const viewer = requireViewer(req);
    const repo = adminRepo(ctx, req.params, viewer.login);
    return paginate(req, reply, state.urls.origin, state.hooksOf(repo)).map((h) =>
      renderHook(state, repo, h),
    );
  });

  app.get<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:hook_id', async (req) => {
    const { repo, hook } = hookOf(req.params, requireViewer(req).login);
    return renderHook(state, repo, hook);
  });

  app.delete<{ Params: HookParams }>('/repos/:owner/:repo/hooks/:hook_id', async (req, reply) => {
    const { repo, hook } = hookOf(req.params, requireViewer(req).login);
    deleteHook(ctx, repo, hook);
    reply.code(204);
    return null;
  });

  app.post<{ Params: HookParams }>(
    '/repos/:owner/:repo/hooks/:hook_id/pings',
    async (req, reply) => {
      const viewer = requireViewer(req);
      const { repo, hook } = hookOf(req.params, viewer.login);
      void pingHook(ctx, repo, hook, viewer.login);
      reply.code(204);
      return null;
    },
  );

  app.get<{ Params: HookParams }>(
    '/repos/:owner/:repo/hooks/:hook_id/deliveries',
    async (req, reply) => {
      const { hook } = hookOf(req.params, requireViewer(req).login);
      return paginate(req, reply, state.urls.origin, ctx.webhooks.forHook(hook.id)).map(
        deliveryItem,
      );
    },
  );

  app.get<{ Params: DeliveryParams }>(
    '/repos/:owner/:repo/hooks/:hook_id/deliveries/:delivery_id',
    async (req): Promise<HookDelivery> => {
      const { delivery } = deliveryOf(req.params, requireViewer(req).login);
      return {
        ...deliveryItem(delivery),
        url: delivery.url,
        request: { headers: delivery.requestHeaders, payload: delivery.payload as never },
        response: { headers: delivery.responseHeaders, payload: delivery.responseBody },
      };
    },
  );

  app.post<{ Params: DeliveryParams }>(
    '/repos/:owner/:repo/hooks/:hook_id/deliveries/:delivery_id/attempts',
    async (req, reply) => {
      const { hook, delivery } = deliveryOf(req.params, requireViewer(req).login);
      // Answered at once (202), as GitHub does; `GithubSim.idle()` awaits the attempt.
      void ctx.webhooks.redeliver(hook, delivery);
      reply.code(202);
      return {};
    },
  );
}
