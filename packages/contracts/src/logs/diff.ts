/** One changed field between two images of a record; `path` is dotted (`address.city`, `tags.0`). */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields that differ between a before and an after image (audit entries, approval requests).
 * Objects are compared field by field; arrays and scalars as whole values.
 */
export function diffRecords(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => diffRecords(before[k], after[k], prefix ? `${prefix}.${k}` : k));
  }
  if (!prefix && (isObject(before) || isObject(after))) {
    // A creation or a deletion: every field of the one image.
    const image = (isObject(after) ? after : before) as Record<string, unknown>;
    return Object.keys(image)
      .sort()
      .map((k) => ({
        path: k,
        before: isObject(before) ? before[k] : undefined,
        after: isObject(after) ? after[k] : undefined,
      }));
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: prefix, before, after }];
}
