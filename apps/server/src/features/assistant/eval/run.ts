import { evaluateAllSets, formatReport } from './evaluate';

/** `npm run eval:assistant`: prints each question set's evaluation apart; fails below any set's bar. */
const reports = evaluateAllSets();
const sets = [
  ['Tuning set (questions.json)', reports.tuning],
  ['Held-out set (held-out-questions.json, never tuned on)', reports.heldOut],
  ['Untuned set (untuned-questions.json, everyday words, never tuned on)', reports.untuned],
  ['Sealed set (sealed-questions.json, everyday words, never looked at while tuning)', reports.sealed],
] as const;
for (const [title, report] of sets) {
  console.log(`== ${title}`);
  for (const line of formatReport(report)) console.log(line);
  const { bar } = report;
  console.log(
    `Bar: top-3 at least ${(bar.minTop3Accuracy * 100).toFixed(1)}%, ` +
      `off-topic refused at least ${(bar.minOffTopicRefused * 100).toFixed(1)}%: ${report.passed ? 'met' : 'NOT MET'}`,
  );
  console.log('');
}
if (!Object.values(reports).every((report) => report.passed)) {
  console.error('Evaluation failed: a question set is below its bar.');
  process.exitCode = 1;
}
