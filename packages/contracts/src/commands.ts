import type { z } from 'zod';

/**
 * A named write operation. Its name is also its permission code, its maker-checker service id
 * and its audit vocabulary: the command list is the one list all of those are seeded from.
 */
export interface CommandDef<I extends z.ZodType = z.ZodType> {
  name: string;
  input: I;
  /** Short English description, used for the permission and service catalogues. */
  summary: string;
}

export function command<I extends z.ZodType>(name: string, input: I, summary: string): CommandDef<I> {
  return { name, input, summary };
}

/** A read permission: `<resource>.read`. */
export interface ReadPermission {
  code: string;
  summary: string;
}

/** The commands and read permissions of one area. */
export interface AreaCatalogue {
  commands: CommandDef[];
  reads: ReadPermission[];
}
