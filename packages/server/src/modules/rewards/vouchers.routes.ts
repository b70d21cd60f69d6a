import { voucherInput, voucherResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getVoucher, listVouchers } from './vouchers.service.ts';

export const voucherRoutes = crudRoutes(voucherResource, {
  body: { create: voucherInput },
  list: listVouchers,
  get: getVoucher,
});
