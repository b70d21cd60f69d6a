// Upward: db/ imports the demo data.
import { seed } from '../demo/seed.ts';

export const rows = seed;
