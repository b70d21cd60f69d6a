/**
 * The recipe of a resource (docs/architecture.md, "Adding a resource"), held for every descriptor:
 * each of its files sits where the recipe says, in contracts, the server and the web. A resource
 * that departs from it is named below with the reason; any other departure fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ResourceDescriptor, resources } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const exists = (file: string) => existsSync(path.join(root, file));
const filesUnder = (dir: string): string[] =>
  exists(dir)
    ? readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`)
    : [];
const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `vouchers` as a path segment of a URL in a test (`/vouchers`, `/api/admin/vouchers/…`). */
const pathSegment = (name: string) => new RegExp(`/${literal(name)}(?![\\w-])`);

/**
 * The module a resource is declared in: `contracts/src/<area>/<module>.ts`, and the server's
 * `modules/<area>/<module>.service.ts`, `.routes.ts` and `.test.ts` — by default the resource's
 * name in camel case (`transaction-types` → `transactionTypes`).
 */
const moduleOf: Record<string, { module: string; why: string }> = {
  'churn-scores': { module: 'churn', why: 'the churn model, its scores one of its reads' },
  'message-insights': { module: 'nlp', why: 'the language model, its insights one of its reads' },
  'approval-requests': { module: 'requests', why: 'the maker-checker requests of the approvals area' },
  'service-types': {
    module: 'services',
    why: 'types and services are one catalogue (approvals/services.ts)',
  },
  services: { module: 'services', why: 'types and services are one catalogue (approvals/services.ts)' },
  permissions: { module: 'staffPermissions', why: 'staff permissions beside customer permissions' },
  'report-schedules': { module: 'jobs', why: 'a schedule is a report job run on a timetable' },
  'outbound-deliveries': { module: 'outboundMessages', why: 'the deliveries of an outbound message' },
  'referral-programmes': {
    module: 'referrals',
    why: 'programmes and their referrals are one contracts module',
  },
  'challenge-participants': {
    module: 'challenges',
    why: 'the participations are read beside the challenges they count in (one contracts module)',
  },
};

/** Server files named otherwise than the contracts module, by resource and kind of file. */
const serverFile: Record<
  string,
  Partial<Record<'service' | 'routes' | 'test', { file: string; why: string }>>
> = {
  'approval-requests': {
    service: {
      file: 'approvalRequests',
      why: 'requests are served by the approval engine, not a CRUD module',
    },
    routes: { file: 'approvalRequests', why: 'as the service' },
    test: { file: 'approvals', why: 'the maker-checker flow is tested end to end in one file' },
  },
  'service-types': {
    service: { file: 'makerChecker', why: 'the maker-checker catalogue is one service' },
    routes: { file: 'makerChecker', why: 'as the service' },
    test: { file: 'approvals', why: 'the maker-checker flow is tested end to end in one file' },
  },
  services: {
    service: { file: 'makerChecker', why: 'the maker-checker catalogue is one service' },
    routes: { file: 'makerChecker', why: 'as the service' },
    test: { file: 'approvals', why: 'the maker-checker flow is tested end to end in one file' },
  },
  permissions: {
    service: { file: 'permissions', why: 'the server module predates the contracts name' },
    routes: { file: 'permissions', why: 'as the service' },
    test: { file: 'roles', why: 'permissions are tested with the roles that hold them' },
  },
  'customer-permissions': { test: { file: 'roles', why: 'tested with the staff permissions and roles' } },
  'report-schedules': {
    routes: { file: 'reports', why: 'one routes file for the reports and their schedules' },
  },
  'alert-deliveries': {
    routes: { file: 'alerts', why: 'a read of the alerts they were sent for' },
    test: { file: 'alerts', why: 'tested with the alerts they were sent for' },
  },
  'alert-categories': { test: { file: 'alerts', why: 'categories, groups and alerts are tested together' } },
  'alert-groups': { test: { file: 'alerts', why: 'categories, groups and alerts are tested together' } },
  alerts: { test: { file: 'alerts', why: 'as the module' } },
  'admin-logs': { test: { file: 'logs', why: 'the two logs are tested together' } },
  'system-logs': { test: { file: 'logs', why: 'the two logs are tested together' } },
  'transaction-types': { test: { file: 'pointsRules', why: 'tested with the points rules that use them' } },
  'reward-categories': { test: { file: 'catalogue', why: 'the rewards catalogue is tested as one' } },
  stores: { test: { file: 'catalogue', why: 'the rewards catalogue is tested as one' } },
  vouchers: { test: { file: 'catalogue', why: 'the rewards catalogue is tested as one' } },
  'password-settings': { test: { file: 'security', why: 'the security settings are tested together' } },
  'sca-rules': { test: { file: 'security', why: 'the security settings are tested together' } },
  'message-categories': { test: { file: 'messages', why: 'tested with the messages they sort' } },
  'webhook-endpoints': {
    test: { file: 'webhooks', why: 'endpoints and their deliveries are tested together, against a receiver' },
  },
  'webhook-deliveries': {
    routes: { file: 'webhookEndpoints', why: "a delivery log is read beside its endpoint's routes" },
    test: { file: 'webhooks', why: 'endpoints and their deliveries are tested together, against a receiver' },
  },
  'referral-programmes': {
    service: { file: 'referralProgrammes', why: 'the programmes’ commands, beside the referrals service' },
  },
  'api-keys': {
    test: { file: '../configuration/features', why: 'tested with the channel features a key is scoped to' },
  },
};

/** The web's feature folder of an area: `features/<area>`, but for these. */
const webAreaOf: Record<string, { folder: string; why: string }> = {
  identity: { folder: 'employees', why: 'the spec calls the staff screens "Employees"' },
};

/**
 * Resources whose screens no test of their own opens yet: e2e/a11y.e2e.ts walks them (every route,
 * both languages) and app/routes.test.tsx checks their routes, nothing more. Known gaps, not a rule.
 */
const untestedScreens: Record<string, string> = {
  roles: 'the role form (employee/create-role) has no screen test',
  'customer-permissions': 'no screen test of customer/permissions',
  'user-configurations': 'no screen test of UserConfigurations',
  'service-types': 'the maker-checker tests call the API, not ServiceTypes',
  services: 'the maker-checker tests call the API, not ServiceTypes/Services',
  'sca-rules': 'no screen test of security/SCA',
};

const moduleName = (d: ResourceDescriptor) => moduleOf[d.name]?.module ?? camel(d.name);
const serverName = (d: ResourceDescriptor, kind: 'service' | 'routes' | 'test') =>
  serverFile[d.name]?.[kind]?.file ?? moduleName(d);
const webArea = (d: ResourceDescriptor) => webAreaOf[d.area]?.folder ?? d.area;

/** The exported name of a descriptor, read from its module. */
function exportName(file: string, d: ResourceDescriptor): string {
  const match = new RegExp(
    `export const (\\w+Resource) = defineResource\\(\\{\\s*name: '${literal(d.name)}'`,
  ).exec(read(file));
  if (!match?.[1]) throw new Error(`${file} does not declare the ${d.name} descriptor`);
  return match[1];
}

describe.each(resources.map((d) => [d.name, d] as const))('the recipe of %s', (_, d) => {
  const contractsFile = `contracts/src/${d.area}/${moduleName(d)}.ts`;
  const modules = `server/src/modules/${d.area}`;

  it(`is declared in ${contractsFile} and exported by its area`, () => {
    expect(exists(contractsFile)).toBe(true);
    exportName(contractsFile, d);
    expect(read(`contracts/src/${d.area}/index.ts`)).toContain(`export * from './${moduleName(d)}.ts';`);
  });

  it('is listed by the server service and routes the recipe names', () => {
    const name = exportName(contractsFile, d);
    for (const kind of ['service', 'routes'] as const) {
      const file = `${modules}/${serverName(d, kind)}.${kind}.ts`;
      expect(exists(file), file).toBe(true);
      expect(read(file), `${file} names ${name}`).toMatch(new RegExp(`\\b${name}\\b|'/${literal(d.name)}'`));
    }
  });

  it('is tested in the server test the recipe names', () => {
    const file = `${modules}/${serverName(d, 'test')}.test.ts`;
    expect(exists(file), file).toBe(true);
    expect(read(file), `${file} calls /${d.name}`).toMatch(pathSegment(d.name));
  });

  if (!d.screens) return;
  const folder = `web/src/features/${webArea(d)}`;

  it('has its screens in its web feature folder, with a test there', () => {
    const pages = read(`${folder}/pages.ts`);
    expect(pages, `${folder}/pages.ts has the ${d.name} pages`).toMatch(
      new RegExp(`(^|\\s)('${literal(d.name)}'|${camel(d.name)}): `, 'm'),
    );
    const name = exportName(contractsFile, d);
    const companion = `${name.replace(/Resource$/, '')}Ui`;
    const paths = Object.values(d.screens ?? {}).map((s) => s.path.replace(/\/?:id$/, ''));
    const tests = [
      ...filesUnder(folder).filter((f) => /\.test\.tsx?$/.test(f)),
      ...filesUnder('../e2e').filter((f) => new RegExp(`/(${d.area}|${webArea(d)})\\w*\\.e2e\\.ts$`).test(f)),
    ];
    const tested = tests.some((t) => {
      const text = read(t);
      return [name, companion, ...paths.flatMap((p) => [`/dashboard/${p}`, `'${p}`])].some((s) =>
        text.includes(s),
      );
    });
    // A known gap is named below; once a test opens its screens, its entry must go.
    expect(tested, `a test in ${folder} or e2e/${d.area}*.e2e.ts opens the ${d.name} screens`).toBe(
      !untestedScreens[d.name],
    );
  });

  const entry = new RegExp(
    `(?:'${literal(d.name)}'|${camel(d.name)}): (?:\\{\\s*\\.\\.\\.)?resourcePages\\(\\s*page,\\s*\\(\\) => import\\('\\./([^']+)'\\)`,
  ).exec(read(`${folder}/pages.ts`))?.[1];
  // Screens drawn by the generic table and form (the others are pages of their own).
  if (entry)
    it('draws its generic screens from a companion named after its descriptor', () => {
      const name = exportName(contractsFile, d);
      const companion = `${name.replace(/Resource$/, '')}Ui`;
      const file = `${folder}/${entry}`;
      expect(file).toMatch(/\.resource\.tsx?$/);
      expect(read(file), `${file} declares ${companion} from ${name}`).toMatch(
        new RegExp(
          `export (const ${companion} = |function ${companion}\\()[^]*?resourceUi<[^>]*>\\(\\s*${name},`,
        ),
      );
    });
});
