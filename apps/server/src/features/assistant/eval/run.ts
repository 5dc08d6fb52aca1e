import { evaluate, formatReport, MIN_TOP3_ACCURACY } from './evaluate';

/** `npm run eval:assistant`: prints the retrieval evaluation and fails below the bar. */
const report = evaluate();
for (const line of formatReport(report)) console.log(line);
if (!report.passed) {
  console.error(
    `Evaluation failed: top-3 accuracy must be at least ${(MIN_TOP3_ACCURACY * 100).toFixed(0)}% ` +
      'and every off-topic question must be refused.',
  );
  process.exitCode = 1;
}
