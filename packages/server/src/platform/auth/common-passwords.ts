import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The blocklist: zxcvbn-ts's list of the ~49,000 most common passwords from public breach
 * corpora (an npm dependency, so it ships with the project and is bundled into dist/).
 * Loaded once, on first use.
 */
let list: Set<string> | undefined;
const blocklist = () => {
  list ??= new Set(dictionary['passwords-common']);
  return list;
};

/**
 * A password is common if, ignoring case, it is on the list — as typed, or once the digits and
 * symbols people tack on at either end are stripped ("Password123!" is "password").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return blocklist().has(lower) || (core.length >= 4 && blocklist().has(core));
}

export const blocklistSize = () => blocklist().size;
