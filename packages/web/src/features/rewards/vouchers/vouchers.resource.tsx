import {
  type Voucher,
  type VoucherInput,
  voucherCodeSources,
  voucherInput,
  voucherResource,
  voucherStatuses,
} from '@loyalty/contracts';
import { ImageThumb } from '../../../components/ImageThumb.tsx';
import { LocalText, missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { fixedChoices, resourceUi } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { storeChoices } from '../choices.ts';
import { VoucherPool } from './VoucherPool.tsx';

const statusChoices = fixedChoices(voucherStatuses, 'rewards.statuses');
const codeSourceChoices = fixedChoices(voucherCodeSources, 'rewards.codeSources');

/** Vouchers (PRODUCT §3.2). Screens: its contracts descriptor. */
export const voucherUi = resourceUi<Voucher, VoucherInput>(voucherResource, {
  schema: voucherInput,
  fields: [
    { name: 'name', label: 'rewards.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'description', label: 'rewards.fields.description', input: 'textarea' },
    { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
    { name: 'storeId', label: 'rewards.fields.store', input: 'select', options: storeChoices },
    { name: 'imageId', label: 'rewards.fields.image', input: 'image' },
    {
      name: 'codeSource',
      label: 'rewards.fields.codeSource',
      input: 'select',
      options: codeSourceChoices,
      after: VoucherPool,
    },
    { name: 'amount', label: 'rewards.fields.amount', input: 'number' },
    { name: 'pointsRequired', label: 'rewards.fields.pointsRequired', input: 'number' },
    { name: 'money', label: 'rewards.fields.money', input: 'number' },
    { name: 'validFrom', label: 'rewards.fields.validFrom', input: 'date' },
    { name: 'validUntil', label: 'rewards.fields.validUntil', input: 'date', dependencies: ['validFrom'] },
    { name: 'perCustomerLimit', label: 'rewards.fields.perCustomerLimit', input: 'number' },
    { name: 'status', label: 'rewards.fields.status', input: 'select', options: statusChoices },
  ],
  columns: [
    { key: 'imageId', label: 'rewards.fields.image', render: (row) => <ImageThumb id={row.imageId} /> },
    nameColumn('rewards.fields.name'),
    {
      key: 'storeName',
      label: 'rewards.fields.store',
      render: (row) => <LocalText en={row.storeName} ar={row.storeNameAr} />,
    },
    { key: 'pointsRequired', label: 'rewards.fields.pointsRequired' },
    { key: 'money', label: 'rewards.fields.money' },
    {
      key: 'remaining',
      label: 'rewards.fields.remaining',
      render: (row) => `${row.remaining} / ${row.amount}`,
    },
    { key: 'validUntil', label: 'rewards.fields.validUntil' },
    {
      key: 'status',
      label: 'rewards.fields.status',
      render: (row) => <StatusTag status={row.status} prefix="rewards.statuses" />,
    },
  ],
  filters: [
    { name: 'storeId', label: 'rewards.fields.store', options: storeChoices },
    { name: 'status', label: 'rewards.fields.status', options: statusChoices },
    missingTranslationFilter,
  ],
  messages: {
    created: 'msg.voucherCreated',
    updated: 'msg.voucherUpdated',
    // The spec words no voucher-create failure; the store's submission text fits it.
    createFailed: 'msg.storeSubmitFailed',
    updateFailed: 'msg.voucherUpdateFailed',
    fetchFailed: 'rewards.vouchers.fetchFailed',
    deleteFailed: 'msg.rewardDeleteFailed',
    deleteConfirm: 'msg.rewardDeleteConfirm',
    loading: 'msg.rewardsLoading',
    search: 'rewards.vouchers.search',
  },
});
