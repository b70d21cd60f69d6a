import {
  type MenuGroup,
  menuGroups,
  type ResourceDescriptor,
  resources,
  type ScreenKind,
  type Screen as ScreenSpec,
  screenKinds,
} from '@loyalty/contracts';

/** What the route table needs of a resource's screens: each at its path, opened by a permission. */
export interface ResourceScreens {
  group: MenuGroup;
  screens: Partial<Record<ScreenKind, { path: string; label: string; permission: string }>>;
}

/**
 * The permission that opens a resource's screen: the read permission for list and view (and a
 * screen marked `permission: 'read'`), the create command for create, the update command for edit.
 */
function screenPermission(descriptor: ResourceDescriptor, kind: ScreenKind, screen: ScreenSpec): string {
  const code =
    kind === 'list' || kind === 'view' || screen.permission === 'read'
      ? descriptor.read?.code
      : descriptor.commands[kind === 'create' ? 'create' : 'update']?.name;
  if (!code) throw new Error(`resource ${descriptor.name}: no permission opens its ${kind} screen`);
  return code;
}

/** What resourceScreens.json holds: the menu groups in menu order, and each resource's screens. */
export interface ScreenTable {
  menuGroups: MenuGroup[];
  resources: Record<string, ResourceScreens>;
}

/**
 * The menu groups, and the screens of every resource descriptor (`descriptor.screens`,
 * `descriptor.menu`) by resource name, screens in `screenKinds` order. `npm run screens` writes
 * them to resourceScreens.json, which the route table reads: the dashboard's shell then draws its
 * menu without downloading the contract modules, whose schemas it does not need (issue 24).
 * routes.test.tsx fails when the file is not what the descriptors give.
 */
export function screenTable(): ScreenTable {
  const table: Record<string, ResourceScreens> = {};
  for (const descriptor of resources) {
    const { screens, menu } = descriptor;
    if (!screens) continue;
    if (!menu) throw new Error(`resource ${descriptor.name} has screens but no menu group`);
    const entry: ResourceScreens = { group: menu.group, screens: {} };
    for (const kind of screenKinds) {
      const screen = screens[kind];
      if (!screen) continue;
      entry.screens[kind] = {
        path: screen.path,
        label: screen.label,
        permission: screenPermission(descriptor, kind, screen),
      };
    }
    table[descriptor.name] = entry;
  }
  return { menuGroups: [...menuGroups], resources: table };
}
