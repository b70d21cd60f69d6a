declare module 'sentiment' {
  interface Language {
    labels: Record<string, number>;
    scoringStrategy?: { apply(tokens: string[], cursor: number, tokenScore: number): number };
  }
  interface Result {
    score: number;
    comparative: number;
    tokens: string[];
    words: string[];
    positive: string[];
    negative: string[];
  }
  /** AFINN-165 word scores with negation (English built in; other languages registered). */
  export default class Sentiment {
    registerLanguage(code: string, language: Language): void;
    analyze(phrase: string, options?: { language?: string; extras?: Record<string, number> }): Result;
  }
}
