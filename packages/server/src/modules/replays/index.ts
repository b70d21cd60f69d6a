/** The replays area's public face: what other areas, the app and the demo data may use. */
export { candidateRules } from './replays.service.ts';
