/**
 * `npm test`: every check, with the independent ones side by side and each stage's time printed at the end.
 *
 * Typecheck, lint, the contract's coverage gate, the unit suites and the build do not depend on one another; the
 * e2e runs need the build and the machine to themselves (two Playwright runs already fill its two cores). Each stage's output is shown line
 * by line behind its name, so a failure says where it came from.
 */
import { runStages, type Stage } from './stages.ts';

/**
 * Two lanes on the two cores: the unit suites (which run two workers of their own) beside the other checks one
 * after another. Five processes at once (all side by side) made the unit suites' waits time out under the load.
 */
const sideBySide: Stage[] = [
  { name: 'unit', command: 'npm run test:unit' },
  {
    name: 'checks',
    // The contract reaches its coverage gate from its own tests, not from code the other folders' tests run.
    command:
      'npm run typecheck && npm run lint && npm run test:contract-coverage && npm run build && npm run test:size',
  },
];
const afterwards: Stage[] = [{ name: 'e2e', command: 'npm run test:e2e' }];

process.exitCode = await runStages('npm test', [sideBySide, afterwards]);
