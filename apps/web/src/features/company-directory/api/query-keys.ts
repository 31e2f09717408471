import type { DirectoryFilters } from '../lib/directory-filters';

/** The query keys of the company hire directory. */
export const companyDirectoryKeys = {
  all: ['company', 'directory'] as const,
  /** Every filter and page of the contributor list. */
  lists: ['company', 'directory', 'list'] as const,
  list: (filters: DirectoryFilters) => [...companyDirectoryKeys.lists, filters] as const,
  profile: (userId: string) => [...companyDirectoryKeys.all, 'profile', userId] as const,
  github: (userId: string) => [...companyDirectoryKeys.all, 'github', userId] as const,
};
