import type { Label } from './label.ts';

/** A player tried something the rules forbid. The state is untouched; `reason` can be shown to the user. */
export class IllegalAction extends Error {
  readonly reason: Label;
  constructor(reason: Label) {
    super(reason.en);
    this.name = 'IllegalAction';
    this.reason = reason;
  }
}

/** The game reached a rule the engine does not implement yet. Never silently do something else. */
export class UnsupportedRule extends Error {
  readonly rule: string;
  constructor(rule: string, what: string) {
    super(`Unsupported rule ${rule}: ${what}`);
    this.name = 'UnsupportedRule';
    this.rule = rule;
  }
}

/** Stored or imported data that cannot be trusted (bad deck list, log that does not replay, corrupt snapshot). */
export class InvalidData extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidData';
  }
}
