import {
  pointsRuleCommands,
  pointsRuleRead,
  transactionTypeCommands,
  transactionTypeRead,
} from '@loyalty/contracts';
import { lazyPage } from '../../app/lazyPage.tsx';

/** The loyalty engine's screens (rules, transaction types) for the route table. */
export const loyaltyPages = {
  rules: { page: lazyPage(() => import('./rules/RuleListPage.tsx')), permission: pointsRuleRead.code },
  createRule: {
    page: lazyPage(() => import('./rules/RuleCreatePage.tsx')),
    permission: pointsRuleCommands.create.name,
  },
  editRule: {
    page: lazyPage(() => import('./rules/RuleEditPage.tsx')),
    permission: pointsRuleCommands.update.name,
  },
  transactionTypes: {
    page: lazyPage(() => import('./transactionTypes/TransactionTypeListPage.tsx')),
    permission: transactionTypeRead.code,
  },
  createTransactionType: {
    page: lazyPage(() => import('./transactionTypes/TransactionTypeCreatePage.tsx')),
    permission: transactionTypeCommands.create.name,
  },
  editTransactionType: {
    page: lazyPage(() => import('./transactionTypes/TransactionTypeEditPage.tsx')),
    permission: transactionTypeCommands.update.name,
  },
};
