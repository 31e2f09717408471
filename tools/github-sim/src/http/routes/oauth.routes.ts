import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asRecord } from '../../as-record';
import type { SimContext } from '../../sim-context';
import { escapeHtml, htmlPage } from '../html';
import type { Query } from '../request-helpers';

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  login: string;
  scopes: string[];
  expiresAt: number;
}

/** GitHub's authorization codes live 10 minutes and work once. */
const CODE_TTL_MS = 10 * 60_000;

const TROUBLESHOOTING =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

const ERRORS = {
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  bad_verification_code: 'The code passed is incorrect or expired.',
  redirect_uri_mismatch:
    'The redirect_uri MUST match the registered callback URL for this application.',
} as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Scopes as GitHub reports them: comma-separated, no blanks. */
const parseScopes = (value: string): string[] => [
  ...new Set(value.split(/[\s,]+/).filter(Boolean)),
];

function params(req: FastifyRequest): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query as Query)) {
    merged[key] = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  }
  for (const [key, value] of Object.entries(asRecord(req.body))) merged[key] = text(value);
  return merged;
}

function validRedirect(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function errorPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      htmlPage('Authorization error', `<h1>Authorization error</h1><p>${escapeHtml(message)}</p>`),
    );
}

/**
 * GitHub's OAuth web flow: the authorize page where a visitor picks a simulated user, and the
 * code-for-token exchange.
 */
export function registerOAuthRoutes(
  app: FastifyInstance,
  ctx: SimContext,
  clients: OAuthClient[],
): void {
  const { state } = ctx;
  const codes = new Map<string, PendingCode>();
  const clientOf = (id: string) => clients.find((c) => c.clientId === id);

  app.get('/login/oauth/authorize', async (req, reply) => {
    const p = params(req);
    if (!clientOf(p.client_id ?? '')) {
      return errorPage(
        reply,
        404,
        `No OAuth application has the client_id "${p.client_id ?? ''}".`,
      );
    }
    if (!validRedirect(p.redirect_uri ?? '')) {
      return errorPage(
        reply,
        400,
        'The redirect_uri is missing or not an absolute http(s) URL. The simulator has no registered callback URL, so every request must name one.',
      );
    }
    const scopes = parseScopes(p.scope ?? '');
    const suggested = (p.login ?? '').toLowerCase();
    const options = state.world.users
      .map((u) => {
        const selected = u.login.toLowerCase() === suggested ? ' selected' : '';
        const label = u.name ? `${u.login} (${u.name})` : u.login;
        return `<option value="${escapeHtml(u.login)}"${selected}>${escapeHtml(label)}</option>`;
      })
      .join('');
    const hidden = ['client_id', 'redirect_uri', 'state', 'scope']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(p[name] ?? '')}">`)
      .join('\n');
    const title = 'Authorize OpenStake (demo)';
    const body = `
<h1>${title}</h1>
<p>This is the GitHub simulator. Choose the simulated GitHub account to sign in with.</p>
<p class="muted">Requested access: ${scopes.length ? scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ') : 'public information only'}</p>
<form method="post" action="/login/oauth/authorize">
${hidden}
<label for="login">GitHub account</label>
<select id="login" name="login">${options}</select>
<div class="actions">
<button class="primary" type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</div>
</form>
<p class="muted">You will be redirected to <code>${escapeHtml(p.redirect_uri ?? '')}</code>.</p>`;
    return reply.type('text/html; charset=utf-8').send(htmlPage(title, body));
  });

  app.post('/login/oauth/authorize', async (req, reply) => {
    const p = params(req);
    const redirect = validRedirect(p.redirect_uri ?? '');
    if (!clientOf(p.client_id ?? '') || !redirect) {
      return errorPage(reply, 400, 'Unknown OAuth application or invalid redirect_uri.');
    }
    if (p.decision === 'cancel') {
      redirect.searchParams.set('error', 'access_denied');
      redirect.searchParams.set(
        'error_description',
        'The user has denied your application access.',
      );
      redirect.searchParams.set(
        'error_uri',
        'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#access-denied',
      );
    } else {
      const user = state.findUser(p.login ?? '');
      if (!user) return errorPage(reply, 400, `Unknown account "${p.login ?? ''}".`);
      const code = randomBytes(10).toString('hex');
      codes.set(code, {
        clientId: p.client_id ?? '',
        redirectUri: p.redirect_uri ?? '',
        login: user.login,
        scopes: parseScopes(p.scope ?? ''),
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      redirect.searchParams.set('code', code);
    }
    if (p.state) redirect.searchParams.set('state', p.state);
    return reply.redirect(redirect.toString(), 302);
  });

  app.post('/login/oauth/access_token', async (req, reply) => {
    const p = params(req);
    const wantsJson = (req.headers.accept ?? '').includes('application/json');
    const respond = (data: Record<string, string>) =>
      wantsJson
        ? reply.send(data)
        : reply
            .type('application/x-www-form-urlencoded; charset=utf-8')
            .send(new URLSearchParams(data).toString());
    const fail = (error: keyof typeof ERRORS) =>
      respond({
        error,
        error_description: ERRORS[error],
        error_uri: `${TROUBLESHOOTING}#${error.replace(/_/g, '-')}`,
      });

    const client = clientOf(p.client_id ?? '');
    if (!client || client.clientSecret !== p.client_secret) {
      return fail('incorrect_client_credentials');
    }
    const code = codes.get(p.code ?? '');
    if (!code || code.clientId !== client.clientId || code.expiresAt < Date.now()) {
      return fail('bad_verification_code');
    }
    if (p.redirect_uri && p.redirect_uri !== code.redirectUri) {
      return fail('redirect_uri_mismatch');
    }
    codes.delete(p.code ?? '');
    const token = state.issueToken(code.login, code.scopes);
    return respond({ access_token: token, token_type: 'bearer', scope: code.scopes.join(',') });
  });
}
