import { a } from '../a/index.ts';

export const b = 2;
export const withA = () => a + b;
