/**
 * `npm test`: every check, with the independent ones side by side and each stage's time printed at the end.
 *
 * Typecheck, lint, the unit suites and the build do not depend on one another; the e2e runs need the build and
 * the machine to themselves (two Playwright runs already fill its two cores). Each stage's output is shown line
 * by line behind its name, so a failure says where it came from.
 */
import { runStages, type Stage } from './stages.ts';

const sideBySide: Stage[] = [
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'lint', command: 'npm run lint' },
  { name: 'unit', command: 'npm run test:unit' },
  // The contract reaches its coverage gate from its own tests, not from code the other folders' tests run.
  { name: 'contract gate', command: 'npm run test:contract-coverage' },
  { name: 'build', command: 'npm run build && npm run test:size' },
];
const afterwards: Stage[] = [{ name: 'e2e', command: 'npm run test:e2e' }];

process.exitCode = await runStages('npm test', [sideBySide, afterwards]);
