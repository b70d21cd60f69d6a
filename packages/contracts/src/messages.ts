/**
 * User-facing messages whose English text is fixed by the specification (spec §5, §8, §9).
 * Schemas and the server speak in keys; the web shows `msg.<key>` from its translations,
 * where English is exactly the text below (a test keeps en.json in step with this table).
 */
export const specMessages = {
  fillAllFields: 'Please fill all fields.',
  minLessThanMax: 'Minpoints must be less than Maxpoints',
  noChangesDetected: 'No changes detected',
  noRecordsFound: 'No records found',
  somethingWentWrong: 'Something Went Wrong',
  confirmYes: 'Yes',
  confirmNo: 'No',
  tierCreated: 'tier created',
  tierUpdated: 'data updated',
  tierCreateFailed: 'Error creating tire',
  tierFetchFailed: 'Failed to fetch tire data',
  tierUpdateFailed: 'Failed to update tire data',
  tierDeleteFailed: 'Failed to delete tire',
  tierDeleteConfirm: 'Are you sure you want to delete this tire?',
  // Rewards: categories, stores, vouchers (spec §5, §8, §9).
  mustFillAllInput: 'you must fill all input',
  allFieldsRequired: 'All Fields Required',
  pointsMustBeNumber: 'Points Must be Number',
  categoryCreated: 'category created',
  categoryUpdated: 'category updated',
  categoryCreateFailed: 'Error creating category',
  categoryUpdateFailed: 'Error updating category',
  categoryDeleteFailed: 'Failed to delete the category',
  storeCreated: 'store created',
  storeUpdated: 'store updated',
  storeDeleted: 'store deleted',
  storeSubmitFailed: 'Error occurred during submission',
  storeUpdateFailed: 'Failed to update the store',
  storeDeleteFailed: 'Failed to delete store',
  voucherCreated: 'voucher created',
  voucherUpdated: 'voucher updated',
  voucherUpdateFailed: 'Error updating voucher. Please try again',
  rewardDeleteFailed: 'Failed to delete reward',
  rewardDeleteConfirm: 'Are you sure you want to delete this reward?',
  rewardsLoading: 'Loading rewards...',
  storesLoading: 'Loading stores...',
  // Rewards rules the spec does not word; the texts are ours.
  validUntilBeforeValidFrom: 'Valid until cannot be before valid from',
  amountBelowIssued: 'The amount cannot be less than the codes already issued',
  // Loyalty: points rules (spec §5, §8, §9) and the engine's own texts.
  ruleFieldsRequired: 'All fields are required',
  ruleFillRequired: 'Please fill out all required fields',
  rulePointsNumbers: 'Points per transaction, min points, and max points must be valid numbers',
  ruleMinAboveMax: 'Min points cannot be greater than max points',
  ruleUpdateFailed: 'Failed to update rule. Please try again.',
  ruleAdded: 'points rule added',
  rulePerEachAmount: 'For "per each" the amount must be greater than 0',
  transactionCodeFormat: 'Use letters, digits, _ and - only',
  adjustmentNotZero: 'The adjustment cannot be 0 points',
  // Application content: texts of ours (locations).
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  phoneInvalid: 'Enter a valid phone number',
  emailInvalid: 'Enter a valid e-mail address',
  timeFormat: 'Use the 24-hour format HH:MM',
  closingBeforeOpening: 'The closing time must be after the opening time',
  chooseWorkingDays: 'Choose at least one working day',
  // Application content: FAQ (spec §5).
  questionRequired: 'Question is Required',
  answerRequired: 'Answer is Required',
  // Messaging: texts of ours.
  unknownPlaceholder: 'Unknown placeholder: use only the placeholders listed',
  assignToUserOrRole: 'Choose a staff member or a role to assign to',
  noActiveAssignee: 'No active staff member to assign to',
  // Outbound messages (create-message): texts of ours.
  chooseChannel: 'Choose the in-app inbox, e-mail or both',
  unknownCustomer: 'No customer has this number',
  csvBadNumber: 'Not a customer number',
  csvUnknownCustomer: 'No customer has this number',
  csvTooManyRows: 'Too many customer numbers in one file',
} as const;

export type MessageKey = keyof typeof specMessages;
