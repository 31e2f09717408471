import type { Role } from '@openstake/core';

/** How each role is named on screen (badges, the role picker). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  contributor: 'Contributor',
  maintainer: 'Maintainer',
  company: 'Company',
};
