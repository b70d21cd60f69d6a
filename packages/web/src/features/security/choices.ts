import { passwordSettingModes, scaFactors, scaOperations, userTypes } from '@loyalty/contracts';
import type { Choices } from '../../components/resource.ts';

const fixed = (values: readonly string[], prefix: string): Choices =>
  values.map((value) => ({ value, label: `${prefix}.${value}` }));

export const userTypeChoices = fixed(userTypes, 'security.userType');
export const modeChoices = fixed(passwordSettingModes, 'security.mode');
export const operationChoices = fixed(scaOperations, 'security.operation');
export const factorChoices = fixed(scaFactors, 'security.factor');
