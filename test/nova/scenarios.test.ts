import { describe } from 'vitest';
import { scenarioTests } from '../support/scenario-suite.ts';

describe('NOVA rule scenarios (test/scenarios/nova)', () => scenarioTests('nova'));
