declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    definePrepTasks(tasks: ((input: string) => string[])[]): number;
    learn(input: string, label: string): boolean;
    consolidate(): boolean;
    /** [label, log2 odds] pairs, best first; [['unknown', 0]] when no word is known. */
    computeOdds(input: string): [string, number][];
    predict(input: string): string;
    exportJSON(): string;
    importJSON(json: string): boolean;
  }
  /** Multinomial naive Bayes for text (complement form), from the wink family. */
  export default function naiveBayesTextClassifier(): NaiveBayesTextClassifier;
}
