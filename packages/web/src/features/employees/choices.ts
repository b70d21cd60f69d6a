import { localName, type Role, roleResource } from '@loyalty/contracts';
import { resourceEndpoint } from '../../api/resource.ts';
import { listChoices } from '../../components/resource.ts';

/** Roles, searched by code, name or description. */
export const roleChoices = listChoices<Role>({
  key: 'roles',
  path: resourceEndpoint(roleResource),
  query: { sort: 'name:asc' },
  label: (r, lang) => localName(r, lang),
});
