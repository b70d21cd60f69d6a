/** The integration area's public face: what other areas, the app and the demo data may use. */
export { channelOf, requireApiKey } from './apiKeyAuth.ts';
