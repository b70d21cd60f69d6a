/**
 * `npm run screens`: writes packages/web/src/app/resourceScreens.json, the resource descriptors'
 * screens as the web's route table reads them (see packages/web/src/app/resourceScreens.ts).
 * Run it after adding or changing a descriptor's screens, menu group or permissions.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { screenTable } from '../packages/web/src/app/resourceScreens.ts';

const target = path.resolve(import.meta.dirname, '../packages/web/src/app/resourceScreens.json');
writeFileSync(target, `${JSON.stringify(screenTable(), null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
