/** The content area's public face: what other areas, the app and the demo data may use. */
export { sanitizeLegalHtml } from './legalText.ts';
