import { evaluateAllSets, formatReport } from './evaluate';

/**
 * `npm run eval:assistant`: prints each question set's evaluation apart; fails below any set's bar.
 * The sealed set's figures only, never its misses, so that nobody tunes on them.
 */
const reports = evaluateAllSets();
const sets = [
  ['Tuning set (questions.json)', reports.tuning, false],
  ['Held-out set (held-out-questions.json, never tuned on)', reports.heldOut, false],
  ['Untuned set (untuned-questions.json, everyday words, never tuned on)', reports.untuned, false],
  [
    'Sealed set (sealed-questions.json, everyday words, never looked at while tuning; totals only)',
    reports.sealed,
    true,
  ],
] as const;
for (const [title, report, totalsOnly] of sets) {
  console.log(`== ${title}`);
  for (const line of formatReport(report, { totalsOnly })) console.log(line);
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
