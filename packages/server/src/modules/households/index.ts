/** The households area's public face: what other areas, the app and the demo data may use. */
export { getHousehold, householdOfCustomer, transferPoints } from './households.service.ts';
