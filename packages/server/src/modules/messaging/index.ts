/** The messaging area's public face: what other areas, the app and the demo data may use. */
export { inbox, markRead, placeholderValuesOf, receiveMessage } from './messages.service.ts';
