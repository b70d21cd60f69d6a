/** The reports area's public face: what other areas, the app and the demo data may use. */
export { bufferOf, reportStream } from './files.ts';
export { nextBoundary, staffHolding } from './jobs.service.ts';
