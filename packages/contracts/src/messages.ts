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
} as const;

export type MessageKey = keyof typeof specMessages;
