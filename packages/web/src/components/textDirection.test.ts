import { describe, expect, it } from 'vitest';
import { textDirection } from './textDirection.ts';

describe('textDirection', () => {
  it('sets Arabic fields right to left and English ones left to right, and leaves the rest to the page', () => {
    expect(['nameAr', 'bodyAr', 'descriptionAr'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl']);
    expect(['nameEn', 'subjectEn'].map(textDirection)).toEqual(['ltr', 'ltr']);
    expect(['name', 'Ar', 'calendar', 'status', 'screen'].map(textDirection)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
