import { dictionary } from '@zxcvbn-ts/language-common';
import { DEMO_ADMIN } from '../../config.ts';

/** A password in lower case, and without the digits and symbols people tack on at either end. */
const forms = (password: string) => {
  const lower = password.toLowerCase();
  return { lower, core: lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '') };
};

/**
 * The blocklist: zxcvbn-ts's list of the ~49,000 most common passwords from public breach
 * corpora (an npm dependency, so it ships with the project and is bundled into dist/), and the
 * README's demo password (issue 48: documented, so everyone's), with its decorations stripped
 * too. Loaded once, on first use.
 */
let list: Set<string> | undefined;
const blocklist = () => {
  const demo = forms(DEMO_ADMIN.password);
  list ??= new Set([...dictionary['passwords-common'], demo.lower, demo.core]);
  return list;
};

/**
 * A password is common if, ignoring case, it is on the list — as typed, or once the digits and
 * symbols people tack on at either end are stripped ("Password123!" is "password").
 */
export function isCommonPassword(password: string): boolean {
  const { lower, core } = forms(password);
  return blocklist().has(lower) || (core.length >= 4 && blocklist().has(core));
}

/** The documented demo password, or it decorated ("Loyalty#Demo2027!"): refused whatever the policy says. */
export function isDemoPassword(password: string): boolean {
  const demo = forms(DEMO_ADMIN.password);
  const { lower, core } = forms(password);
  return lower === demo.lower || core === demo.core;
}

export const blocklistSize = () => blocklist().size;
