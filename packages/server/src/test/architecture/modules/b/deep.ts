// Past the door: imports a's service instead of a/index.ts.
import type { a } from '../a/a.service.ts';

export type Deep = typeof a;
