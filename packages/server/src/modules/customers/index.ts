/** The customers area's public face: what other areas, the app and the demo data may use. */
export {
  customerExportCells,
  customerLabels,
  findCustomerByNumber,
  listCustomers,
  upsertCustomer,
} from './customers.service.ts';
