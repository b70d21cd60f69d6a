/** The logs area's public face: what other areas, the app and the demo data may use. */
export { type SystemLogDestination, systemLogDestination } from './systemLogs.destination.ts';
