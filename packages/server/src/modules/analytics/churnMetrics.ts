import type { CalibrationBin, RankingMetrics } from '@loyalty/contracts';

/**
 * Metrics of a risk ranking on labelled customers (1 = churned): AUC (Mann–Whitney, ties
 * counted half), precision and recall among the top 10 %, calibration in ten bins, Brier score.
 */
export function auc(scores: number[], labels: number[]): number {
  const order = scores.map((s, i) => [s, labels[i] as number] as const).sort((a, b) => a[0] - b[0]);
  const positives = labels.filter((l) => l === 1).length;
  const negatives = labels.length - positives;
  if (!positives || !negatives) return Number.NaN;
  let rankSum = 0;
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j < order.length && order[j]?.[0] === order[i]?.[0]) j += 1;
    const midRank = (i + 1 + j) / 2; // ranks i+1..j share their mean
    for (let k = i; k < j; k += 1) if (order[k]?.[1] === 1) rankSum += midRank;
    i = j;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

export function topShare(scores: number[], labels: number[], share = 0.1) {
  const k = Math.max(1, Math.ceil(scores.length * share));
  const top = scores
    .map((s, i) => [s, labels[i] as number] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, k);
  const hits = top.filter(([, l]) => l === 1).length;
  const positives = labels.filter((l) => l === 1).length;
  return { precision: hits / k, recall: positives ? hits / positives : 0 };
}

export function rankingMetrics(scores: number[], labels: number[]): RankingMetrics {
  const top = topShare(scores, labels);
  return { auc: auc(scores, labels), precisionAt10: top.precision, recallAt10: top.recall };
}

export function calibration(probabilities: number[], labels: number[]): CalibrationBin[] {
  const bins = Array.from({ length: 10 }, (_, bin) => ({ bin, sumP: 0, sumY: 0, count: 0 }));
  probabilities.forEach((p, i) => {
    const b = bins[Math.min(9, Math.floor(p * 10))] as (typeof bins)[number];
    b.sumP += p;
    b.sumY += labels[i] as number;
    b.count += 1;
  });
  return bins
    .filter((b) => b.count > 0)
    .map((b) => ({ bin: b.bin, predicted: b.sumP / b.count, observed: b.sumY / b.count, count: b.count }));
}

export const brier = (probabilities: number[], labels: number[]) =>
  probabilities.reduce((sum, p, i) => sum + (p - (labels[i] as number)) ** 2, 0) / Math.max(1, labels.length);
