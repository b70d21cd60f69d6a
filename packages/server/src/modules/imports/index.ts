/** The imports area's public face: staging a file (the demo data stages one as staff would). */
export { coreBankingFile, coreBankingLayout } from './coreBanking.ts';
export { type Maker, stageFile } from './imports.service.ts';
export { type InboxConfig, useImportInbox } from './inbox.ts';
export { limits as importLimits } from './limits.ts';
export { useImportFiles } from './spool.ts';
export { useStagingThread } from './stagingThread.ts';
