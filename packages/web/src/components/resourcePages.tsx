import type { ComponentType } from 'react';
import type { PageLoader, PageModule, ScreenPages } from './lazyPage.tsx';
import type { FieldControl, FieldControls, ResourceDefinition } from './resource.ts';

/** The screens the generic pages draw from a resource definition alone. */
export type GenericScreen = 'list' | 'create' | 'edit';

// biome-ignore lint/suspicious/noExplicitAny: each resource has its own record and input types
type AnyResource = ResourceDefinition<any, any>;

/** A feature's page factory (`areaPages(area)`: the page loads the area's strings with its code). */
type PageFactory = (load: () => Promise<PageModule>) => PageLoader;

/**
 * The heavier inputs (date and time pickers, the image upload), loaded with a form page only when
 * its fields use them, so the other forms and the lists do not download them.
 */
const controlLoaders: Record<keyof FieldControls, () => Promise<FieldControl>> = {
  date: async () => (await import('./DayInput.tsx')).DayInput,
  time: async () => (await import('./DayInput.tsx')).TimeInput,
  image: async () => (await import('./ImageUpload.tsx')).ImageUpload,
};

const isControl = (input: string): input is keyof FieldControls => input in controlLoaders;

/** The controls a resource's form fields need (`input: 'date' | 'time' | 'image'`). */
async function controlsOf(resource: AnyResource): Promise<FieldControls> {
  const inputs = [...new Set(resource.fields.map((f) => f.input))].filter(isControl);
  return Object.fromEntries(await Promise.all(inputs.map(async (i) => [i, await controlLoaders[i]()])));
}

type ScreenComponent = ComponentType<{ resource: AnyResource; controls?: FieldControls }>;

/** The generic component of each screen. */
const components: Record<GenericScreen, () => Promise<ScreenComponent>> = {
  list: async () => (await import('./ResourceTable.tsx')).ResourceTable,
  create: async () => (await import('./ResourceFormPages.tsx')).ResourceCreatePage,
  edit: async () => (await import('./ResourceFormPages.tsx')).ResourceEditPage,
};

/** One screen drawn by the generic table or form from a resource definition, as a lazy page. */
function resourcePage(
  page: PageFactory,
  screen: GenericScreen,
  load: () => Promise<AnyResource>,
): PageLoader {
  return page(async () => {
    const [resource, Screen] = await Promise.all([load(), components[screen]()]);
    const controls = screen === 'list' ? undefined : await controlsOf(resource);
    return { default: () => <Screen resource={resource} controls={controls} /> };
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
