import type { ConfigItemType, ConfigValidation, ConfigValue } from '@loyalty/contracts';
import type { Executor } from '../../db/client.ts';

/**
 * The system's tunables: each area declares its own (`<area>/tunables.ts`, listed in its
 * ServerModule) and buildApp registers them all here (`useTunables`); they are seeded as items of
 * the system bundles (SystemConfigurations) at start-up and read by the code that names them
 * (`tunable`, values.ts; docs/decisions/configuration.md). A tunable another screen also edits is
 * *bound*: its value is that screen's column (one source of truth), read and written through
 * `binding`; the others keep their value in `config_items.value`.
 */
export interface SystemBundle {
  code: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
}

export interface Binding {
  read(db: Executor): Promise<ConfigValue>;
  write(tx: Executor, value: ConfigValue): Promise<void>;
}

/** What seeds a tunable at first start: the environment's word where it has one. */
export interface SeedEnv {
  loginRateLimitPerMinute: number;
}

export interface Tunable {
  key: string;
  /** The system bundle it is shown in (several areas may share one, e.g. `listsBundle`). */
  bundle: SystemBundle;
  type: ConfigItemType;
  validation: ConfigValidation;
  descriptionEn: string;
  descriptionAr: string;
  /** The value seeded at first start (bound tunables have none: their column holds it). */
  initial: (env: SeedEnv) => ConfigValue;
  binding?: Binding;
}

let byKey = new Map<string, Tunable>();

/** Registers every area's tunables (buildApp, from the ServerModules); a key declared twice is a bug. */
export function useTunables(declared: Tunable[]) {
  const next = new Map<string, Tunable>();
  for (const t of declared) {
    if (next.has(t.key)) throw new Error(`tunable ${t.key} is declared twice`);
    next.set(t.key, t);
  }
  byKey = next;
}

export const registeredTunables = (): Tunable[] => [...byKey.values()];

export const tunableByKey = (key: string): Tunable | undefined => byKey.get(key);

/** The bundles the registered tunables are shown in, each once. */
export const systemBundles = (): SystemBundle[] => [
  ...new Map(registeredTunables().map((t) => [t.bundle.code, t.bundle])).values(),
];

/** A bound tunable's read of its screen's one-row table: the row's value, or the default before it exists. */
export const firstOr = async <T>(rows: Promise<T[]>, fallback: T): Promise<T> => (await rows)[0] ?? fallback;
