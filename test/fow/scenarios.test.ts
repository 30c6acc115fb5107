import { describe } from 'vitest';
import { scenarioTests } from '../support/scenario-suite.ts';

describe('Force of Will rule scenarios (test/scenarios/fow)', () => scenarioTests('fow'));
