// A loop: a → b/index.ts → b → a/index.ts → a.
import { b } from '../b/index.ts';

export const a = 1;
export const withB = () => a + b;
