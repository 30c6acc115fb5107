import { describe } from 'vitest';
import { scenarioTests } from '../support/scenario-suite.ts';

describe('Aquarian Age rule scenarios (test/scenarios/aqa)', () => scenarioTests('aqa'));
