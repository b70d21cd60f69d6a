export { b } from './b.service.ts';
