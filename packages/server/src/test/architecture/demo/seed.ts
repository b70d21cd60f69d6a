// Allowed: the demo data calls an area through its index.ts.
import { a } from '../modules/a/index.ts';

export const seed = a;
