import { describe, expect, it } from 'vitest';
import { exampleCharge } from '../testing/examples.ts';
import {
  chargeFormSchema,
  chargeRequestSchema,
  EXECUTION_CYCLE_REQUIRED,
  needsExecutionCycle,
} from './charges.ts';

describe('the cycle rule (spec 4.7 rule 1)', () => {
  const cases = [
    { no_of_executions: undefined, execution_cycle: undefined },
    { no_of_executions: 1, execution_cycle: undefined },
    { no_of_executions: 1, execution_cycle: 'month' },
    { no_of_executions: 2, execution_cycle: undefined },
    { no_of_executions: 2, execution_cycle: 'year' },
    { no_of_executions: 600, execution_cycle: undefined },
    { no_of_executions: 600, execution_cycle: 'month' },
  ] as const;

  it('asks for a cycle exactly when more than one execution has none', () => {
    expect(cases.map((value) => needsExecutionCycle(value))).toEqual([
      false,
      false,
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  it('is the rule both schemas refuse by, on execution_cycle', () => {
    const contract = { user_id: 'P1000', contract_id: 'C1000' };
    for (const value of cases) {
      const body = { ...exampleCharge, ...value };
      for (const result of [
        chargeRequestSchema.safeParse(body),
        chargeFormSchema.safeParse({ ...contract, ...body }),
      ]) {
        const refused = result.error?.issues.some(
          (issue) => issue.path.join('.') === 'execution_cycle' && issue.message === EXECUTION_CYCLE_REQUIRED,
        );
        expect(refused ?? false).toBe(needsExecutionCycle(value));
        expect(result.success).toBe(!needsExecutionCycle(value));
      }
    }
  });
});
