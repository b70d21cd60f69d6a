// Upward: platform/ imports an area.
import { a } from '../modules/a/index.ts';

export const p = a;
