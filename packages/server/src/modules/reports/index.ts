/** The reports area's public face: what other areas, the app and the demo data may use. */
export { nextBoundary } from './jobs.service.ts';
