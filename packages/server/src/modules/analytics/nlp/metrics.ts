/** Accuracy and macro-F1 (the mean of each class's F1 over the classes seen in truth or prediction). */
export function classification(truth: string[], predicted: string[]) {
  const classes = [...new Set([...truth, ...predicted])];
  const f1s = classes.map((c) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    truth.forEach((t, i) => {
      const p = predicted[i];
      if (p === c && t === c) tp += 1;
      else if (p === c) fp += 1;
      else if (t === c) fn += 1;
    });
    return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  });
  const correct = truth.filter((t, i) => t === predicted[i]).length;
  return {
    n: truth.length,
    accuracy: truth.length ? correct / truth.length : 0,
    macroF1: classes.length ? f1s.reduce((a, b) => a + b, 0) / classes.length : 0,
  };
}
