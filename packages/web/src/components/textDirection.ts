/**
 * The direction of text typed in one language, whatever the interface's: a bilingual field named
 * `…Ar` (nameAr, bodyAr) reads right to left even on the English screen, a `…En` field left to
 * right on the Arabic one. Other fields follow the page.
 */
export function textDirection(fieldName: string): 'rtl' | 'ltr' | undefined {
  if (/[a-z]Ar$/.test(fieldName)) return 'rtl';
  if (/[a-z]En$/.test(fieldName)) return 'ltr';
  return undefined;
}
