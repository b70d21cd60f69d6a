declare module 'stopword' {
  /** Stop-word lists by ISO 639-3 code (English, Arabic, …). */
  export const eng: string[];
  export const ara: string[];
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
}
