import { configure } from '@testing-library/dom';

// `findBy…` and `waitFor` give up after 1 s by default. CI runs the unit suites beside typecheck, lint and the build
// on two cores, where a page test's render took longer than that: they wait up to 5 s (a passing test waits no
// longer than before; only a wrong one fails later).
configure({ asyncUtilTimeout: 5_000 });
