import { passwordSettingModes, scaFactors, scaOperations, userTypes } from '@loyalty/contracts';
import { fixedChoices } from '../../components/resource.ts';

export const userTypeChoices = fixedChoices(userTypes, 'security.userType');
export const modeChoices = fixedChoices(passwordSettingModes, 'security.mode');
export const operationChoices = fixedChoices(scaOperations, 'security.operation');
export const factorChoices = fixedChoices(scaFactors, 'security.factor');

/** What the security settings cards say. */
export const settingsMessages = {
  saved: 'security.saved',
  saveFailed: 'security.saveFailed',
  fetchFailed: 'security.fetchFailed',
};
