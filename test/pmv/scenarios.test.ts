import { describe } from 'vitest';
import { scenarioTests } from '../support/scenario-suite.ts';

describe('Phantom Magic Vision rule scenarios (test/scenarios/pmv)', () => scenarioTests('pmv'));
