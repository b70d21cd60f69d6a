import naiveBayes from 'wink-naive-bayes-text-classifier';
import { tokens } from './text.ts';

/**
 * The category suggester: multinomial naive Bayes (`wink-naive-bayes-text-classifier`) over a
 * message's normalised words without stop words, binarised (a word counts once per message),
 * add-½ smoothing. Labels are category ids.
 */
export interface Suggester {
  suggest(text: string): { categoryId: number; confidence: number } | null;
  json: string;
}

function blank() {
  const nb = naiveBayes();
  nb.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
  nb.definePrepTasks([(text) => tokens(text)]);
  return nb;
}

function wrap(nb: ReturnType<typeof naiveBayes>): Suggester {
  return {
    json: nb.exportJSON(),
    suggest(text) {
      const [best] = nb.computeOdds(text);
      if (!best || best[0] === 'unknown') return null;
      // The classifier's log2 odds of the best category against the others, as a probability.
      return { categoryId: Number(best[0]), confidence: 1 / (1 + 2 ** -best[1]) };
    },
  };
}

/** Learns from labelled texts; null with fewer than two categories (nothing to choose between). */
export function trainSuggester(examples: { text: string; categoryId: number }[]): Suggester | null {
  if (new Set(examples.map((e) => e.categoryId)).size < 2) return null;
  const nb = blank();
  for (const e of examples) nb.learn(e.text, String(e.categoryId));
  // The library refuses a vocabulary under 10 words: too few examples to suggest anything yet.
  if (new Set(examples.flatMap((e) => tokens(e.text))).size < 10) return null;
  nb.consolidate();
  return wrap(nb);
}

export function loadSuggester(json: string): Suggester {
  const nb = blank();
  nb.importJSON(json);
  nb.consolidate();
  return wrap(nb);
}
