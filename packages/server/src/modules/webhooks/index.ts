/** The webhooks area's public face: what the demo data may use. */
export { newSecret } from './signing.ts';
