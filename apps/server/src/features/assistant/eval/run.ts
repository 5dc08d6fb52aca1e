import { evaluateBoth, formatReport } from './evaluate';

/** `npm run eval:assistant`: prints the tuning and held-out evaluations and fails below either bar. */
const reports = evaluateBoth();
const sets = [
  ['Tuning set (questions.json)', reports.tuning],
  ['Held-out set (held-out-questions.json, never tuned on)', reports.heldOut],
] as const;
for (const [title, report] of sets) {
  console.log(`== ${title}`);
  for (const line of formatReport(report)) console.log(line);
  const { bar } = report;
  console.log(
    `Bar: top-3 at least ${(bar.minTop3Accuracy * 100).toFixed(0)}%, ` +
      `off-topic refused at least ${(bar.minOffTopicRefused * 100).toFixed(0)}%: ${report.passed ? 'met' : 'NOT MET'}`,
  );
  console.log('');
}
if (!reports.tuning.passed || !reports.heldOut.passed) {
  console.error('Evaluation failed: a question set is below its bar.');
  process.exitCode = 1;
}
