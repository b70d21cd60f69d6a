export { a } from './a.service.ts';
