import type { PageLoader, PageModule, ScreenPages } from './lazyPage.tsx';
import type { ResourceDefinition } from './resource.ts';

/** The screens the generic pages draw from a resource definition alone. */
export type GenericScreen = 'list' | 'create' | 'edit';

// biome-ignore lint/suspicious/noExplicitAny: each resource has its own record and input types
type AnyResource = ResourceDefinition<any, any>;

/** A feature's page factory (`areaPages(area)`: the page loads the area's strings with its code). */
type PageFactory = (load: () => Promise<PageModule>) => PageLoader;

/**
 * One screen drawn by the generic table or form from a resource definition, as a lazy page: the
 * definition and the table or form load side by side, then the inputs the form's fields use
 * (`controlsOf`, so a form without dates or images does not download their pickers).
 */
function resourcePage(
  page: PageFactory,
  screen: GenericScreen,
  load: () => Promise<AnyResource>,
): PageLoader {
  return page(async () => {
    if (screen === 'list') {
      const [resource, { ResourceTable }] = await Promise.all([load(), import('./ResourceTable.tsx')]);
      return { default: () => <ResourceTable resource={resource} /> };
    }
    const [resource, forms] = await Promise.all([load(), import('./ResourceFormPages.tsx')]);
    const controls = await forms.controlsOf(resource);
    const Form = screen === 'create' ? forms.ResourceCreatePage : forms.ResourceEditPage;
    return { default: () => <Form resource={resource} controls={controls} /> };
  });
}

/** The screens each resource definition a module exports draws (by its export name). */
type ScreensOf<M> = { [K in keyof M]?: M[K] extends AnyResource ? readonly GenericScreen[] : never };

/**
 * The pages of a resource's screens that the generic table and form draw, derived from its
 * resource definitions instead of written as page files: `resourcePages(page, () =>
 * import('./tiers/tiers.resource.ts'), { tierUi: ['list', 'create', 'edit'] })`. Each is a lazy
 * page (the module, the screen's component — ResourceTable or ResourceCreatePage/EditPage — and
 * the date, time or image inputs its fields use load when the screen opens); a definition made
 * for one screen (e.g. the edit form without the code field) is another export of the module.
 */
export function resourcePages<M>(
  page: PageFactory,
  load: () => Promise<M>,
  screens: ScreensOf<M>,
): ScreenPages {
  const entries = Object.entries(screens) as [keyof M & string, readonly GenericScreen[]][];
  return Object.fromEntries(
    entries.flatMap(([name, kinds]) =>
      kinds.map((kind) => [kind, resourcePage(page, kind, async () => (await load())[name] as AnyResource)]),
    ),
  );
}
