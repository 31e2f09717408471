import type { SimContext } from '../sim-context';
import { validationFailed } from '../sim-error';
import { isoNow } from '../sim-state';
import { DEFAULT_LABELS } from '../world/generate-world';
import type { WorldRepo } from '../world/types';

export interface CreateRepositoryInput {
  owner: string;
  name: string;
  description?: string | null;
  private?: boolean;
}

/**
 * `POST /user/repos`: a new, empty repository of the viewer's, created now, with GitHub's default
 * labels, no stars and no forks (a repository made for the occasion has no outside standing).
 */
export function createRepository(ctx: SimContext, input: CreateRepositoryInput): WorldRepo {
  const { state } = ctx;
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(input.name)) {
    throw validationFailed({
      resource: 'Repository',
      code: 'custom',
      field: 'name',
      message: 'name is invalid',
    });
  }
  if (state.findRepo(input.owner, input.name)) {
    throw validationFailed({
      resource: 'Repository',
      code: 'custom',
      field: 'name',
      message: 'name already exists on this account',
    });
  }
  const now = isoNow();
  const repo: WorldRepo = {
    id: state.nextId('repo'),
    owner: input.owner,
    name: input.name,
    description: input.description ?? null,
    homepage: null,
    private: input.private ?? false,
    archived: false,
    topics: [],
    languages: {},
    stargazers: 0,
    forks: 0,
    subscribers: 1,
    license: null,
    defaultBranch: 'main',
    createdAt: now,
    updatedAt: now,
    pushedAt: now,
    readme: '',
    collaborators: [],
    labels: DEFAULT_LABELS.map(([name, color, description]) => ({
      id: state.nextId('label'),
      name,
      color,
      description,
      default: true,
    })),
    issues: [],
  };
  state.addRepo(repo);
  return repo;
}
