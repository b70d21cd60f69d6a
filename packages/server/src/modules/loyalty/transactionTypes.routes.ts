import { transactionTypeInput, transactionTypeResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getTransactionType, listTransactionTypes } from './transactionTypes.service.ts';

export const transactionTypeRoutes = crudRoutes(transactionTypeResource, {
  body: { create: transactionTypeInput },
  list: listTransactionTypes,
  get: getTransactionType,
});
